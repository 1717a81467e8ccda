import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { signInAsOperator } from './support/operators';
import { openSection } from './support/panel';

/*
 * Issue 44: Novedades as her home, at a phone's width and a desktop's: what to do when there is
 * nothing yet, her weekly goal (a goal out of range refused in Spanish), one tap back into the
 * class she left; a post written in the back office (a script refused) shown to her; the app's
 * hand-off link opening the web signed in, once; the public home page's height measured at 375 px.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };
const freeCourse = 'primeros-pasos-finanzas';

async function openNews(page: Page) {
  await page.goto('/novedades');
  await expect(page.getByRole('heading', { level: 2, name: 'Tu semana' })).toBeVisible(slow);
}

for (const width of [375, 1440]) {
  test(`at ${width} px her home says what to do, keeps her goal and takes her back into her class`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    const { credentials } = await newCustomer(request, `novedades-${width}`);
    await signIn(page, credentials);
    await openNews(page);
    await expect(page.getByText('Todavía no empezaste ningún curso.', { exact: false })).toBeVisible();
    await expect(page.getByText('Elegí tu meta y empezá tu racha', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // a goal out of range is refused in Spanish; a good one is kept
    const target = page.getByLabel('Minutos por semana');
    await target.fill('5');
    await page.getByRole('button', { name: 'Guardar meta' }).click();
    await expect(page.getByText('Elegí una meta de 10 a 600 minutos por semana.')).toBeVisible();
    await target.fill('20');
    await page.getByRole('button', { name: 'Guardar meta' }).click();
    await expect(page.getByText('0 de 20 minutos')).toBeVisible(slow);

    // she watches part of a class (as the player saves it); her home offers it back, one tap away
    const saved = await request.post('/api/academy/progress', {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
      data: {
        courseId: freeCourse,
        progress: { moduleId: `${freeCourse}-m1`, sectionId: `${freeCourse}-m1-s2`, seconds: 10 },
      },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
    await page.reload();
    const resume = page.getByRole('link', { name: 'Seguir la clase' });
    await expect(resume).toBeVisible(slow);
    await expectNoSeriousA11yViolations(page);
    await resume.click();
    await expect(page).toHaveURL(new RegExp(`/academy/${freeCourse}/${freeCourse}-m1-s2$`));
  });
}

test('a post written in the back office (a script refused) reaches her Novedades', async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsOperator(page, 'editor');
  await openSection(page, 'Novedades');
  await page.getByRole('button', { name: 'Escribir una novedad' }).click();
  const title = `Consejo de la semana ${Date.now()}`;
  await page.getByLabel('Título').fill(title);
  await page.getByLabel('Texto').fill('Hola <script>alert(1)</script>');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El texto no admite HTML ni scripts.', { exact: false })).toBeVisible();
  await page
    .getByLabel('Texto')
    .fill('Armá tu **presupuesto** en diez minutos.\n\n- Anotá tus gastos\n- Separá el ahorro');
  await page.getByLabel('Enlace a un curso o programa (su identificador)').fill(freeCourse);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Guardaste «${title}».`)).toBeVisible(slow);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: `Publicar «${title}»` }).click();
  await expect(page.getByText(`Publicaste «${title}».`)).toBeVisible(slow);

  const learner = await browser.newPage({ viewport: { width: 375, height: 800 } });
  const { credentials } = await newCustomer(request, 'novedades-post');
  await signIn(learner, credentials);
  await openNews(learner);
  const post = learner.getByRole('article').filter({ has: learner.getByRole('heading', { name: title }) });
  await expect(post).toBeVisible(slow);
  await expect(post.locator('strong', { hasText: 'presupuesto' })).toBeVisible();
  await expect(post.getByRole('listitem')).toHaveCount(2);
  await expect(post.getByRole('link', { name: /Ver el curso/ })).toHaveAttribute(
    'href',
    `/academy/${freeCourse}`,
  );
  await learner.close();
});

test('the app’s hand-off link opens the web signed in where the app asked, once', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const { credentials } = await newCustomer(request, 'novedades-app');
  const asked = await request.post('/api/users/app-handoff', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: { next: '/novedades' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { url } = (await asked.json()) as { url: string };
  const link = new URL(url);
  expect(link.searchParams.get('screen')).toBe('loginPage');
  // the specs' deep link: /deepLink?screen=loginPage&code=… → /login?code=… → signed in → /novedades
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/novedades$/, slow);
  await expect(page.getByRole('heading', { level: 2, name: 'Tu semana' })).toBeVisible(slow);

  // the same link again is refused, in Spanish
  await page.evaluate(() => localStorage.removeItem('credentials'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByText('El enlace de la app venció o ya se usó. Volvé a abrirlo desde la app.'),
  ).toBeVisible(slow);
  await expectNoSeriousA11yViolations(page);
});

test('the public home page at 375 px: its height and its header, measured', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(slow);
  const { height, header } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    header: document.querySelector('header')?.getBoundingClientRect().height ?? 0,
  }));
  test.info().annotations.push({
    type: 'public home at 375 px',
    description: `${height} px tall, header ${header} px`,
  });
  process.stdout.write(
    `public home at 375 px: ${height} px tall (${(height / 812).toFixed(1)} screens), header ${header} px\n`,
  );
  expect(height).toBeGreaterThan(0);
});
