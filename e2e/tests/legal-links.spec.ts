import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { cardToken } from './support/cards';
import { codeIn, waitForMail } from './support/mailbox';

/*
 * Issue 28, Disp. 954/2025: "Botón de arrepentimiento" and "Botón de baja" on the first screen of
 * every access — every public page and the logged-in shell, at 375 × 812 and 1440 × 900, without
 * scrolling — and the baja working for a visitor: the subscription's e-mail, the code mailed there
 * (read at GET /api/dev/mailbox), then the cancellation and its código de gestión, mailed at once.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const sizes = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const publicPages = [
  '/',
  '/login',
  '/register',
  '/recover',
  '/terminos-y-condiciones',
  '/arrepentimiento',
  '/baja',
  '/compra/suscripcion',
  '/compra/mf-oro',
  '/compra/programa/identificacion/programa-inversora-inteligente',
  '/certificados/no-existe',
  '/una-pagina-que-no-existe',
];

const shellPages = ['/academy', '/programas', '/mi-cuenta', '/mi-cuenta/suscripcion'];

/** Both links are in the first viewport: on screen, not scrolled to, not clipped. */
async function expectLegalLinksInFirstScreen(page: Page, size: { width: number; height: number }) {
  const strip = page.getByRole('navigation', { name: 'Arrepentimiento y baja' });
  for (const name of ['Botón de arrepentimiento', 'Botón de baja']) {
    const link = strip.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await link.boundingBox();
    expect(box, name).not.toBeNull();
    if (!box) return;
    expect(box.y, `${name} top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(size.height);
    expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(size.width);
  }
}

/** An annual Plan Esencial subscription (active at once), paid through the API. */
async function subscribedCustomer(request: APIRequestContext) {
  const customer = await newCustomer(request, 'baja-visitante');
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${customer.credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Esencial',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return customer;
}

for (const size of sizes) {
  test.describe(`at ${size.width} × ${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('logged out: both links on the first screen of every public page', async ({ page }) => {
      for (const path of publicPages) {
        await page.goto(path);
        await expect(page.locator('#contenido')).toBeVisible();
        await test.step(path, () => expectLegalLinksInFirstScreen(page, size));
      }
      await page.goto('/baja');
      await expect(page.getByRole('heading', { name: 'Botón de baja', level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('logged in: both links on the first screen of the shell', async ({ page, request }) => {
      const customer = await newCustomer(request, `legal-${size.name}`);
      await signIn(page, customer.credentials);
      for (const path of shellPages) {
        await page.goto(path);
        await expect(page.locator('#contenido')).toBeVisible();
        await test.step(path, () => expectLegalLinksInFirstScreen(page, size));
      }
      await expectNoSeriousA11yViolations(page);
      // the strip leads to the same pages as for a visitor
      await page
        .getByRole('navigation', { name: 'Arrepentimiento y baja' })
        .getByRole('link', { name: 'Botón de baja' })
        .click();
      await expect(page).toHaveURL(/\/baja$/);
      await expect(page.getByRole('link', { name: 'Mi cuenta › Suscripción' })).toBeVisible();
    });
  });
}

test.describe('a visitor’s baja', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('from the first screen, by a code mailed to the subscription’s e-mail, with the código de gestión at once', async ({
    page,
    request,
  }) => {
    const customer = await subscribedCustomer(request);

    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Arrepentimiento y baja' })
      .getByRole('link', { name: 'Botón de baja' })
      .click();
    await expect(page).toHaveURL(/\/baja$/);
    await expect(page.getByText('Ley 25.326')).toBeVisible();

    const asked = new Date();
    await page.getByLabel('Correo de la suscripción').fill(customer.email.toUpperCase());
    await page.getByRole('button', { name: 'Enviarme el código' }).click();
    await expect(page.getByRole('heading', { name: 'Confirmá con el código del correo' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    const codeMail = await waitForMail(request, customer.email, 'confirmar la baja', { after: asked });
    // a wrong code first: the Spanish answer, nothing cancelled
    await page.getByLabel('Código de confirmación').fill('000000' === codeIn(codeMail) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirmar la baja' }).click();
    await expect(page.getByRole('alert')).toContainText('El código no es válido o venció');

    await page.getByLabel('Código de confirmación').fill(codeIn(codeMail));
    await page.getByRole('button', { name: 'Confirmar la baja' }).click();
    await expect(page.getByRole('heading', { name: 'Tu suscripción quedó dada de baja' })).toBeFocused();
    const code = (await page.locator('.revocation-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^BAJA-[A-Z2-9]{10}$/);
    await expect(page.getByRole('status')).toContainText('Seguís teniendo acceso hasta el');
    await expectNoSeriousA11yViolations(page);

    const proof = await waitForMail(request, customer.email, 'Cancelaste tu suscripción', { after: asked });
    expect(proof.text).toContain(code);

    // her account says the same
    const mine = await request.get('/api/users/me/subscription', {
      headers: { authorization: `Bearer ${customer.credentials.accessToken}` },
    });
    expect(await mine.json()).toMatchObject({ status: 'cancelled', cancellationCode: code });
  });
});
