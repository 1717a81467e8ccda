import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiLogin, password, registerAccount, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mailbox';

/*
 * Issue 30, "A shop window (no account needed)": a visitor reads `/`, the catalogue and a course's
 * page without an account, registers from the course page and comes back to that course; a
 * shared link's HTML carries its preview without JavaScript; a learner with a session on a
 * public address lands in the academy.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };
const freeCourse = { id: 'primeros-pasos-finanzas', name: 'Primeros pasos con tu plata' };

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
}

async function registerThroughForm(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Creá tu cuenta' })).toBeVisible(slow);
  await page.getByLabel('Nombre').fill('Ana Vidriera');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Confirmá tu correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('11 2345 6789');
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px: visitor → / → a course's page → register → back on that course, validated or not`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Aprendé a manejar tu plata, a tu ritmo' }),
    ).toBeVisible(slow);
    const free = page.getByRole('region', { name: 'Cursos gratis para empezar' });
    await expect(free.getByRole('link', { name: freeCourse.name })).toBeVisible(slow);
    await expect(page.getByRole('region', { name: 'Los planes' })).toBeVisible(slow);
    await expect(page.getByRole('link', { name: 'Iniciá sesión' }).first()).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    await free.getByRole('link', { name: freeCourse.name }).click();
    await expect(page).toHaveURL(new RegExp(`/cursos/${freeCourse.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: freeCourse.name })).toBeVisible(slow);
    await expect(page).toHaveTitle(`${freeCourse.name} · Alcancía`);
    await expect(page.getByRole('heading', { name: 'Lo que vas a aprender' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quién enseña' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Programa del curso' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Módulo 1: / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gratis con tu cuenta' })).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Creá tu cuenta gratis' }).click();
    await expect(page).toHaveURL(/\/register$/);
    const email = uniqueEmail('vidriera');
    await registerThroughForm(page, email);
    // logged in (not yet validated): the academy's page of that very course
    await expect(page).toHaveURL(new RegExp(`/academy/${freeCourse.id}(/|$)`), slow);
    await expect(page.getByRole('heading', { name: freeCourse.name }).first()).toBeVisible(slow);

    // the validation link from her mail leads back there too
    const mail = await waitForMail(request, email, 'Validá tu cuenta');
    await page.goto(linkIn(mail, '/validate'));
    const back = page.getByRole('link', { name: 'Volver al curso' });
    await expect(back).toBeVisible(slow);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/academy/${freeCourse.id}(/|$)`), slow);
  });
}

test('the catalogue: filters and search in the address, keyboard only, fits 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/cursos');
  await expect(page.getByRole('heading', { level: 1, name: 'Cursos' })).toBeVisible(slow);
  const grid = page.getByRole('list').filter({ has: page.getByRole('link', { name: freeCourse.name }) });
  await expect(grid).toBeVisible(slow);
  await noHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Mostrar').selectOption('free');
  await expect(page).toHaveURL(/tags=free/);
  await expect(page.getByRole('status').filter({ hasText: /^3 cursos$/ })).toBeVisible(slow);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('deudas');
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  await expect(page).toHaveURL(/q=deudas/);
  const result = page.getByRole('link', { name: 'Salí de las deudas paso a paso' });
  await expect(result).toBeVisible(slow);
  await expect(page.getByRole('link', { name: freeCourse.name })).toHaveCount(0);

  // keyboard only: from the search box to the course and into its page
  await page.getByRole('searchbox', { name: 'Buscar' }).focus();
  for (let i = 0; i < 12 && !(await result.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(result).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cursos\/salir-de-deudas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Salí de las deudas paso a paso' })).toBeVisible(
    slow,
  );
  await noHorizontalScroll(page);
});

test("a paid course's page says which plans open it; a program's page its price", async ({ page }) => {
  await page.goto('/cursos/plazo-fijo-y-fci');
  await expect(page.getByRole('heading', { level: 1, name: 'Plazo fijo, FCI y cauciones' })).toBeVisible(
    slow,
  );
  await expect(page.getByRole('heading', { name: 'Incluido en los planes' })).toBeVisible();
  await expect(page.getByText(/Lo abrís con cualquiera de estos planes: .*Plan Esencial/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver los planes' })).toHaveAttribute(
    'href',
    '/compra/suscripcion',
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto('/programas/programa-inversora-inteligente');
  await expect(page.getByRole('heading', { level: 1, name: 'Programa Inversora Inteligente' })).toBeVisible(
    slow,
  );
  await expect(page.getByRole('heading', { name: 'Compralo una vez, es tuyo' })).toBeVisible();
  await expect(page.getByText(/^\$\s[\d.]+/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/cursos/no-existe-este-curso');
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este curso' })).toBeVisible(slow);
});

test("a shared link's HTML carries the course's preview without JavaScript", async ({ request, baseURL }) => {
  const response = await request.get(`/cursos/${freeCourse.id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${freeCourse.name} · Alcancía</title>`);
  expect(html).toContain(`<meta property="og:title" content="${freeCourse.name} · Alcancía" />`);
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  expect(image).toMatch(/^https?:\/\//);
  expect((await request.get(image as string)).status()).toBe(200);
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] as string),
  );
  expect(blocks[0]).toMatchObject({ '@type': 'Course', name: freeCourse.name, isAccessibleForFree: true });
  expect(blocks[1]).toMatchObject({ '@type': 'Organization', name: 'Alcancía' });

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`${baseURL}/cursos/${freeCourse.id}`);
  expect(sitemap).not.toContain('/academy');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /academy');
});

test('a learner with a session on a public address lands in the academy', async ({ page }) => {
  // Her own account: the demo learner's logins are counted by the login limit across the suite.
  const email = uniqueEmail('public-to-academy');
  await registerAccount(page.request, email);
  const credentials = await apiLogin(page.request, email);
  await page.goto('/terminos-y-condiciones');
  await page.evaluate((value) => localStorage.setItem('credentials', JSON.stringify(value)), credentials);

  await page.goto(`/cursos/${freeCourse.id}`);
  await expect(page).toHaveURL(new RegExp(`/academy/${freeCourse.id}(/|$)`), slow);
  await page.goto('/cursos');
  await expect(page).toHaveURL(/\/academy\/cursos$/, slow);
  await page.goto('/programas/programa-inversora-inteligente');
  await expect(page).toHaveURL(/\/programas\/programa-inversora-inteligente\/detalle$/, slow);
  await page.goto('/');
  await expect(page).toHaveURL(/\/academy$/, slow);
});
