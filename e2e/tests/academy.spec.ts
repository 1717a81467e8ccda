import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAsDemo } from './support/accounts';

/*
 * The academy catalogue with the demo catalogue and accounts of a fresh database:
 * subscriber vs non-subscriber (locks, buttons, filters), card clicks, search, programs.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

async function openAcademy(page: Page): Promise<void> {
  await page.goto('/academy');
  await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible(slow);
  await expect(courseCard(page, 'Tu presupuesto mensual en una hora')).toBeVisible(slow);
  await expect(page.getByRole('heading', { name: 'Noticiero Financiero' })).toBeVisible(slow);
}

const coursesSection = (page: Page) => page.getByRole('region', { name: 'Cursos' });
const courseCard = (page: Page, name: string) =>
  coursesSection(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name }) });
const programCard = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Programas & Packs' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const filterButtons = (page: Page) =>
  page.getByRole('list', { name: 'Filtros sugeridos' }).getByRole('button');

test.describe('academy home', () => {
  test('a non-subscriber: locks, purchase buttons and her filters; a locked course leads to its page', async ({
    page,
  }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    await expect(page.getByText('Hola, Ana Alumna.')).toBeVisible();

    // Paid course: lock and counts, link to its course page (issue 20). Free course: open, no lock.
    const paid = courseCard(page, 'Tu presupuesto mensual en una hora');
    await expect(paid.getByTitle('Requiere suscripción')).toBeVisible();
    await expect(paid).toContainText('2 módulos · 4 clases');
    await expect(paid).toContainText('NUEVO');
    const free = courseCard(page, 'Primeros pasos con tu plata');
    await expect(free.getByTitle('Requiere suscripción')).toHaveCount(0);
    await expect(free).toContainText('GRATIS');
    await expect(free.getByRole('link')).toHaveAttribute('href', '/academy/primeros-pasos-finanzas');

    // Filters for non-subscribers only.
    await expect(filterButtons(page)).toHaveText([
      'Más vistos',
      'En oferta',
      'Mis compras',
      'Primeros pasos',
      'Gratis',
    ]);

    // Programs: discount, prices in pesos and the card button table.
    const inversora = programCard(page, 'Programa Inversora Inteligente');
    await expect(inversora).toContainText('PROGRAMA');
    await expect(inversora).toContainText('26% OFF');
    await expect(inversora).toContainText(/\$\s120\.000/);
    await expect(inversora).toContainText(/\$\s89\.000/);
    await expect(inversora.getByRole('link', { name: /^Comprar ahora/ })).toHaveAttribute(
      'href',
      '/compra/programa/programa-inversora-inteligente',
    );
    await expect(programCard(page, 'Programa Emprendedora Rentable').getByRole('button')).toHaveText(
      'Próximamente',
    );
    await expect(programCard(page, 'Programa Orden Total: 8 semanas').getByRole('button')).toHaveText(
      'Próximamente',
    );
    const pack = programCard(page, 'Pack Inversión Completa');
    await expect(pack).toContainText('PACK');
    await expect(pack.getByRole('link', { name: /^Ver pack/ })).toHaveAttribute(
      'href',
      '/programas/pack-inversion-completa/detalle',
    );

    // Past events are locked for her.
    const events = page.getByRole('region', { name: 'Eventos pasados' });
    await expect(events.getByRole('article')).toHaveCount(4);
    // a locked event opens its page, as a locked course does, with the plans from there
    await expect(events.getByRole('link', { name: /Masterclasses/ })).toHaveAttribute(
      'href',
      '/academy/evento-masterclasses',
    );

    // The promo banner offers the plans.
    await expect(page.getByRole('link', { name: 'Ver planes', exact: true })).toBeVisible();

    await paid.getByRole('link').click();
    await expect(page).toHaveURL('/academy/presupuesto-mensual');
    await expect(
      page.getByRole('region', { name: 'Presentación del curso' }).getByRole('link', { name: 'Ver planes' }),
    ).toHaveAttribute('href', '/compra/suscripcion');

    // the locked event's page: what it holds, and the plans from there
    await page.goto('/academy');
    await page
      .getByRole('region', { name: 'Eventos pasados' })
      .getByRole('link', { name: /Masterclasses/ })
      .click();
    await expect(page).toHaveURL('/academy/evento-masterclasses');
    await expect(
      page.getByRole('region', { name: 'Presentación del curso' }).getByRole('link', { name: 'Ver planes' }),
    ).toHaveAttribute('href', '/compra/suscripcion');
  });

  test('a subscriber: no locks on courses and events, subscriber filters', async ({ page }) => {
    await signInAsDemo(page, 'suscriptora@alcancia.local');
    await openAcademy(page);
    const paid = courseCard(page, 'Tu presupuesto mensual en una hora');
    await expect(paid.getByTitle('Requiere suscripción')).toHaveCount(0);
    await expect(paid.getByRole('link')).toHaveAttribute('href', '/academy/presupuesto-mensual');
    await expect(filterButtons(page)).toHaveText([
      'Más vistos',
      'En oferta',
      'Mis compras',
      'Primeros pasos',
      'Sugeridos para vos',
    ]);
    const events = page.getByRole('region', { name: 'Eventos pasados' });
    await expect(events.getByRole('link', { name: /Masterclasses/ })).toHaveAttribute(
      'href',
      '/academy/evento-masterclasses',
    );
    // Programs are bought one by one, so she still buys them.
    await expect(
      programCard(page, 'Programa Chau Deudas').getByRole('link', { name: /^Comprar ahora/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver Programas & Packs' })).toBeVisible();
  });

  test('filters: a suggested filter toggles, topic and level narrow, one button clears all', async ({
    page,
  }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    const popular = page.getByRole('button', { name: 'Más vistos' });
    const listed = page.waitForRequest(
      (r) => r.url().includes('/api/academy/courses?') && r.url().includes('tags=popular'),
    );
    await popular.click();
    await expect(popular).toHaveAttribute('aria-pressed', 'true');
    await listed;
    await expect(courseCard(page, 'Finanzas en pareja y en familia')).toBeVisible(slow);
    await expect(courseCard(page, 'Tu presupuesto mensual en una hora')).toHaveCount(0, slow);
    // Past events are not filtered: the block leaves while filtering.
    await expect(page.getByRole('region', { name: 'Eventos pasados' })).toHaveCount(0);

    await page.getByLabel('Tema').selectOption({ label: 'Inversión' });
    await expect(courseCard(page, 'Plazo fijo, FCI y cauciones')).toBeVisible(slow);
    await expect(courseCard(page, 'Finanzas en pareja y en familia')).toHaveCount(0, slow);
    await page.getByLabel('Nivel').selectOption({ label: 'Avanzado' });
    await expect(
      page.getByText('Aún no tenemos contenidos que coincidan con estos filtros o palabras').first(),
    ).toBeVisible(slow);

    await popular.click();
    await expect(popular).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page.getByLabel('Tema')).toHaveValue('');
    await expect(page.getByLabel('Nivel')).toHaveValue('');
    await expect(courseCard(page, 'Tu presupuesto mensual en una hora')).toBeVisible(slow);
    // Nothing to clear any more: the button leaves.
    await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toHaveCount(0);
  });

  test('search finds a course by a word typed without its accent, after a pause, from 3 letters', async ({
    page,
  }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/academy' && url.searchParams.has('search')) {
        searches.push(url.searchParams.get('search') ?? '');
      }
    });
    const opener = page.getByRole('button', { name: 'Buscar' });
    await opener.click();
    const overlay = page.getByRole('dialog', { name: 'Buscar en la academia' });
    const input = overlay.getByRole('searchbox', { name: 'Buscar cursos, programas y eventos' });
    await expect(input).toBeFocused();

    await input.pressSequentially('pl');
    await page.waitForTimeout(1_200);
    expect(searches).toEqual([]);

    const success = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/users/analytic') &&
        r.postDataJSON()?.event === 'academy_search_submit_success',
    );
    await input.pressSequentially('anificacion', { delay: 40 });
    await expect(overlay.getByRole('link', { name: /Planificación financiera a 10 años/ })).toBeVisible(slow);
    // One call, after typing stopped.
    expect(searches).toEqual(['planificacion']);
    await success;

    await input.fill('zzqqxx');
    await expect(
      overlay.getByText('Aún no tenemos contenidos que coincidan con estos filtros o palabras'),
    ).toBeVisible(slow);
    await expect(overlay.getByText('Probá con otra combinación')).toBeVisible();

    await input.fill('planificacion');
    // A locked course opens its course page, as its card does (issue 20).
    await overlay.getByRole('link', { name: /Planificación financiera a 10 años/ }).click(slow);
    await expect(page).toHaveURL('/academy/planificacion-largo-plazo');
  });

  test('the search overlay closes with Escape and gives focus back', async ({ page }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    const opener = page.getByRole('button', { name: 'Buscar' });
    await opener.click();
    await expect(page.getByRole('dialog', { name: 'Buscar en la academia' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('no serious accessibility violations on /academy', async ({ page }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await openAcademy(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('programs and packs', () => {
  test('/programas lists programs and packs with their buttons; the detail page offers the purchase', async ({
    page,
  }) => {
    await signInAsDemo(page, 'alumna@alcancia.local');
    await page.goto('/programas');
    await expect(page.getByRole('heading', { level: 1, name: 'Programas y Packs' })).toBeVisible(slow);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(7, slow);
    await expect(page.getByRole('link', { name: 'Ver cursos' })).toHaveAttribute('href', '/academy/cursos');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Programa Inversora Inteligente', exact: true }).click();
    await expect(page).toHaveURL(/\/programas\/programa-inversora-inteligente\/detalle$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Programa Inversora Inteligente' })).toBeVisible(
      slow,
    );
    await expect(page.getByText('Inversora Inteligente es el programa para pasar')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Módulos' })).toBeVisible();
    await expect(page.getByText('Tu estrategia')).toBeVisible();
    await page.getByRole('link', { name: 'Comprar ahora' }).click();
    await expect(page).toHaveURL(/\/compra\/programa\/programa-inversora-inteligente$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Volver a Programas & Packs' }).click(slow);
    await expect(page).toHaveURL(/\/programas$/);
  });

  test('/academy/cursos lists every course ("Ver todos")', async ({ page }) => {
    await signInAsDemo(page, 'suscriptora@alcancia.local');
    await page.goto('/academy');
    await page.getByRole('region', { name: 'Cursos' }).getByRole('link', { name: 'Ver todos' }).click(slow);
    await expect(page).toHaveURL(/\/academy\/cursos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cursos' })).toBeVisible(slow);
    await expect(page.getByText('18 cursos')).toBeVisible(slow);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(18);
    await page.getByRole('link', { name: 'Volver a la Academia' }).click();
    await expect(page).toHaveURL(/\/academy$/);

    // A page past the last one says so and leads to the first.
    await page.goto('/academy/cursos?pagina=99');
    await expect(page.getByText('Esta página no existe.')).toBeVisible(slow);
    await page.getByRole('link', { name: 'Ver la primera página de cursos' }).click();
    await expect(page.getByText('18 cursos')).toBeVisible(slow);
  });
});
