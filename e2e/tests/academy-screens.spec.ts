import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import {
  apiLogin,
  registerAccount,
  type StoredCredentials,
  signIn,
  signInAsDemo,
  uniqueEmail,
} from './support/accounts';

/*
 * The learner's academy screens of issue 20 on the demo catalogue: filters kept in the address,
 * the mobile filter sheet, "Seguí viendo", the course page of a locked course, and the moment of
 * finishing a course. Each new screen passes axe and does not scroll sideways at 320 px.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };
const student = 'alumna@alcancia.local';
const freeCourse = 'primeros-pasos-finanzas';

async function newStudent(page: Page, request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await registerAccount(request, email);
  const credentials = await apiLogin(request, email);
  await signIn(page, credentials);
  return credentials;
}

async function saveProgress(
  request: APIRequestContext,
  credentials: StoredCredentials,
  courseId: string,
  moduleId: string,
  sectionId: string,
  seconds: number,
) {
  const response = await request.post('/api/academy/progress', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: { courseId, progress: { moduleId, sectionId, seconds } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 700 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
    .toBe(false);
}

async function openAcademy(page: Page, query = ''): Promise<void> {
  await page.goto(`/academy${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible(slow);
}

const coursesSection = (page: Page) => page.getByRole('region', { name: 'Cursos' });
const courseCard = (page: Page, name: string) =>
  coursesSection(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name }) });

test.describe('academy filters in the address', () => {
  test('filters are written in the address: a reload keeps them, back restores the previous ones, "Ver todos" carries them', async ({
    page,
  }) => {
    await signInAsDemo(page, student);
    await openAcademy(page);
    await expect(courseCard(page, 'Tu presupuesto mensual en una hora')).toBeVisible(slow);

    const popular = page.getByRole('button', { name: 'Más vistos' });
    await popular.click();
    await expect(page).toHaveURL(/\/academy\?filtro=popular$/);
    await page.getByLabel('Tema').selectOption({ label: 'Inversión' });
    await expect(page).toHaveURL(/\/academy\?filtro=popular&categoria=INVESTMENT$/);
    await expect(courseCard(page, 'Tu presupuesto mensual en una hora')).toHaveCount(0, slow);

    // A reload (or the same link elsewhere) opens with the same filters.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Más vistos' })).toHaveAttribute(
      'aria-pressed',
      'true',
      slow,
    );
    await expect(page.getByLabel('Tema')).toHaveValue('INVESTMENT');
    await expect(courseCard(page, 'Tu presupuesto mensual en una hora')).toHaveCount(0, slow);

    // Back: the topic goes, the suggested filter stays.
    await page.goBack();
    await expect(page).toHaveURL(/\/academy\?filtro=popular$/);
    await expect(page.getByLabel('Tema')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Más vistos' })).toHaveAttribute('aria-pressed', 'true');

    // The full course list has the same filters.
    await coursesSection(page).getByRole('link', { name: 'Ver todos' }).click();
    await expect(page).toHaveURL(/\/academy\/cursos\?filtro=popular$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cursos' })).toBeVisible(slow);
    await expect(page.getByRole('button', { name: 'Más vistos' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Finanzas en pareja y en familia' })).toBeVisible(slow);
    await expect(page.getByRole('heading', { name: 'Tu presupuesto mensual en una hora' })).toHaveCount(0);
    await page.getByLabel('Nivel').selectOption({ label: 'Avanzado' });
    await expect(page).toHaveURL(/\/academy\/cursos\?filtro=popular&nivel=ADVANCED$/);
  });

  test('nothing found: one empty state with a single "Limpiar filtros" that brings everything back', async ({
    page,
  }) => {
    await signInAsDemo(page, student);
    await openAcademy(page, '?categoria=NINGUNA');
    await expect(
      page.getByText('Aún no tenemos contenidos que coincidan con estos filtros o palabras'),
    ).toHaveCount(1, slow);
    const clear = page.getByRole('button', { name: 'Limpiar filtros' });
    await expect(clear).toHaveCount(1);
    await clear.click();
    await expect(page).toHaveURL(/\/academy$/);
    await expect(courseCard(page, 'Tu presupuesto mensual en una hora')).toBeVisible(slow);
    // No filter on: nothing to clear.
    await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(0);

    // The same on the full list.
    await page.goto('/academy/cursos?nivel=NINGUNO');
    await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(1, slow);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page).toHaveURL(/\/academy\/cursos$/);
    await expect(page.getByRole('heading', { name: 'Tu presupuesto mensual en una hora' })).toBeVisible(slow);
  });

  test('on a phone the filters open in a sheet from "Filtros", by keyboard, and the bar is not sticky', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsDemo(page, student);
    await openAcademy(page);
    await expect(page.getByLabel('Tema')).toBeHidden();
    const opener = page.getByRole('button', { name: 'Filtros', exact: true });
    await expect(opener).toBeVisible(slow);
    const bar = page.getByRole('region', { name: 'Filtros de contenidos' });
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky');

    await opener.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Filtros' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Cerrar' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await sheet.getByLabel('Nivel').selectOption({ label: 'Inicial' });
    await expect(page).toHaveURL(/\/academy\?nivel=BEGINNER$/);
    await sheet.getByRole('button', { name: 'Ver resultados' }).click();
    await expect(sheet).toBeHidden();
    // Focus is back on the button, which counts the filters on.
    await expect(page.getByRole('button', { name: /^Filtros/ })).toBeFocused();
    await expect(page.getByRole('button', { name: /^Filtros/ })).toContainText('1');

    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expectNoSidewaysScroll(page);
  });
});

test.describe('search overlay', () => {
  test('the "at least 3 letters" hint leaves once she typed enough, and comes back when she erases', async ({
    page,
  }) => {
    await signInAsDemo(page, student);
    await openAcademy(page);
    await page.getByRole('button', { name: 'Buscar' }).click();
    const overlay = page.getByRole('dialog', { name: 'Buscar en la academia' });
    const input = overlay.getByRole('searchbox', { name: 'Buscar cursos, programas y eventos' });
    const hint = overlay.getByText('Escribí al menos 3 letras.');
    await expect(hint).toBeVisible();
    await input.pressSequentially('pl');
    await expect(hint).toBeVisible();
    await input.pressSequentially('a');
    await expect(hint).toHaveCount(0);
    await input.press('Backspace');
    await expect(hint).toBeVisible();
  });
});

test.describe('Seguí viendo', () => {
  test('a started course shows first with the next class, and resumes there', async ({ page, request }) => {
    const credentials = await newStudent(page, request, 'segui-viendo');
    await openAcademy(page);
    await expect(courseCard(page, 'Primeros pasos con tu plata')).toBeVisible(slow);
    // Nothing started: no row.
    await expect(page.getByRole('region', { name: 'Seguí viendo' })).toHaveCount(0);

    // The first class watched to the end: the next one is the second.
    await saveProgress(request, credentials, freeCourse, `${freeCourse}-m1`, `${freeCourse}-m1-s1`, 20);
    await page.reload();
    const row = page.getByRole('region', { name: 'Seguí viendo' });
    await expect(row).toBeVisible(slow);
    const card = row.getByRole('article').filter({ hasText: 'Primeros pasos con tu plata' });
    await expect(card).toContainText('Próxima clase: Tu relación con el dinero');
    await expect(card.getByRole('progressbar')).toBeVisible();
    // It comes before the catalogue.
    const rowTop = (await row.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const coursesTop = (await coursesSection(page).boundingBox())?.y ?? 0;
    expect(rowTop).toBeLessThan(coursesTop);
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);

    await card.getByRole('link', { name: 'Primeros pasos con tu plata' }).click();
    await expect(page).toHaveURL(`/academy/${freeCourse}/${freeCourse}-m1-s2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu relación con el dinero', slow);
  });
});

test.describe('course page', () => {
  test('a locked card opens the course page, which offers the plans with their price', async ({ page }) => {
    await signInAsDemo(page, student);
    await openAcademy(page);
    const paid = courseCard(page, 'Tu presupuesto mensual en una hora');
    await expect(paid.getByTitle('Requiere suscripción')).toBeVisible(slow);
    await paid.getByRole('link').click();
    await expect(page).toHaveURL('/academy/presupuesto-mensual');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Tu presupuesto mensual en una hora' }),
    ).toBeVisible(slow);
    const presentation = page.getByRole('region', { name: 'Presentación del curso' });
    // The illustrated cover, with its size so nothing shifts.
    const cover = presentation.locator('img');
    await expect(cover).toHaveAttribute('src', /^\/covers\/presupuesto-mensual-/);
    await expect(cover).toHaveAttribute('width', /^\d+$/);
    await expect(cover).toHaveAttribute('height', /^\d+$/);
    await expect(presentation).toContainText('Nivel: Inicial');
    await expect(presentation).toContainText('4 clases');
    await expect(presentation).toContainText('de video');
    await expect(presentation).toContainText(/Desde \$\s[\d.]+ por mes\./);
    await expect(presentation.getByRole('link', { name: 'Ver planes' })).toHaveAttribute(
      'href',
      '/compra/suscripcion',
    );
    await expect(presentation.getByRole('link', { name: 'Comenzar el curso' })).toHaveCount(0);
    // what she will learn and who teaches, from the course's content (decision 83)
    await expect(page.getByRole('region', { name: 'Lo que vas a aprender' })).toContainText(
      'Armar tu presupuesto con el método 50/30/20',
    );
    await expect(page.getByRole('region', { name: 'Quién enseña' })).toContainText('Lucía Fernández');
    // The syllabus: the first module open, each class with its length, none of them a link.
    const contents = page.getByRole('complementary', { name: 'Contenido del curso' });
    await expect(contents).toContainText('0m 30s');
    await expect(contents.getByRole('link')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // A class of it, opened by its address, comes back to the course page.
    await page.goto('/academy/presupuesto-mensual/presupuesto-mensual-m1-s1');
    await expect(page).toHaveURL('/academy/presupuesto-mensual');
    await expectNoSidewaysScroll(page);
    await presentation.getByRole('link', { name: 'Ver planes' }).click();
    await expect(page).toHaveURL(/\/compra\/suscripcion$/);
  });
});

test.describe('finishing a course', () => {
  test('completing the last class shows "¡Terminaste el curso!" with the certificate, share and what is next', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // No Web Share API here: the address is copied instead.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const credentials = await newStudent(page, request, 'finishing');
    const course = (await (
      await request.get(`/api/academy/${freeCourse}`, {
        headers: { authorization: `Bearer ${credentials.accessToken}` },
      })
    ).json()) as { modules: { id: string; sections: { id: string; type: string; duration: number }[] }[] };
    const sections = course.modules.flatMap((m) =>
      m.sections.filter((s) => s.type !== 'EMPTY').map((s) => ({ moduleId: m.id, ...s })),
    );
    const last = sections.at(-1);
    if (!last) throw new Error('the demo course has no sections');
    expect(last.type).toBe('CLASS');
    for (const section of sections.slice(0, -1)) {
      await saveProgress(request, credentials, freeCourse, section.moduleId, section.id, section.duration);
    }

    await page.goto(`/academy/${freeCourse}/${last.id}`);
    await expect(page.getByRole('heading', { name: '¡Terminaste el curso!' })).toHaveCount(0);
    const video = page.locator('video');
    await expect(video).toBeVisible(slow);
    await video.evaluate(async (v: HTMLVideoElement) => {
      if (!(v.duration > 0))
        await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }));
      v.muted = true;
      v.currentTime = Math.max(0, v.duration - 0.3);
      await v.play();
      if (!v.ended) await new Promise((resolve) => v.addEventListener('ended', resolve, { once: true }));
    });

    const moment = page.getByRole('region', { name: '¡Terminaste el curso!' });
    await expect(moment).toBeVisible(slow);
    await expect(moment.getByRole('heading', { name: '¡Terminaste el curso!' })).toBeFocused();
    // Only one certificate button on the page: the moment's.
    await expect(page.getByRole('button', { name: 'Descargar certificado' })).toHaveCount(1);
    const next = moment.getByRole('list').getByRole('link');
    await expect(next.first()).toBeVisible(slow);
    expect(await next.count()).toBeGreaterThanOrEqual(2);
    expect(await next.count()).toBeLessThanOrEqual(3);
    await expect(next.first()).toHaveAttribute('href', /^\/academy\/[^/]+$/);
    await expectNoSeriousA11yViolations(page);

    // Her profile says "Ana": asked for her full name, she keeps it.
    await moment.getByRole('button', { name: 'Descargar certificado' }).click();
    const downloading = page.waitForEvent('download');
    await moment.getByRole('button', { name: 'Descargar como «Ana»' }).click();
    expect((await downloading).suggestedFilename()).toBe('Primeros pasos con tu plata_certificado.png');

    await moment.getByRole('button', { name: 'Compartir' }).click();
    await expect(moment).toContainText('Copiamos el enlace del curso');
    // the public course page, which her friends can open without an account (issue 44)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/cursos/${freeCourse}$`),
    );
    await expectNoSidewaysScroll(page);

    await moment.getByRole('button', { name: 'Volver a la clase' }).click();
    await expect(moment).toBeHidden();
    await expect(page.getByRole('button', { name: 'Descargar certificado' })).toBeVisible();
  });
});
