import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mailbox';

const failureText = 'Hubo un error al procesar tu solicitud. Por favor, intenta nuevamente.';
const preferencePath = '**/api/users/mercadopago/preference';
const payButton = (page: Page) => page.getByRole('button', { name: /^Pagar/ });

async function fillGuestForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('Nombre').fill('Marta');
  await page.getByLabel('Apellido').fill('Gómez');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('11 2345 6789');
}

async function expectNoHorizontalScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow, what).toBe(false);
}

test.describe('guest memberships', () => {
  test('a guest buys ORO through Checkout Pro, gets the e-mail and its link lets her in', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('guest-oro');

    // No session, no shell: the tier summary and the buyer's form.
    await page.goto('/compra/mf-oro');
    await expect(page.getByRole('heading', { level: 1, name: 'Membresía Oro' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Secciones' })).toHaveCount(0);
    const summary = page.getByRole('complementary', { name: 'Resumen' });
    await expect(summary).toContainText(/Precio\s*\$\s500/);
    await expect(summary).toContainText('6 meses');
    await expect(summary).toContainText('Hasta 3 cuotas');
    await expect(payButton(page)).toBeDisabled();

    await fillGuestForm(page, email);
    await expect(payButton(page)).toBeEnabled();
    // Her DNI for the invoice is optional (issue 28, decision 0133): typed with dots, sent without.
    const dni = page.getByLabel('DNI para tu factura (opcional)');
    await expect(
      page.getByText('Si lo dejás vacío, la factura sale a nombre de consumidor final.'),
    ).toBeVisible();
    await dni.fill('30.123.456');
    const preferenceRequest = page.waitForRequest(
      (req) => req.url().endsWith('/api/users/mercadopago/preference') && req.method() === 'POST',
    );
    await payButton(page).click();
    const sent = (await preferenceRequest).postDataJSON();
    expect(sent).toMatchObject({
      items: [{ id: 'ORO', quantity: 1, unit_price: 500 }],
      payer: { email, phone: { number: '11 2345 6789' }, name: 'Marta', surname: 'Gómez' },
      back_urls: { success: expect.stringMatching(/\/compra\/mf-oro\/exito$/) },
      binary_mode: true,
      payment_methods: { installments: 3 },
      auto_return: 'approved',
      invoiceDocument: '30123456',
    });

    // The Checkout Pro stand-in: the emulator's pay page, in 3 installments, cardholder APRO.
    await expect(page).toHaveURL(/\/sandbox\/mercadopago\/checkout\/v1\//);
    await expect(page.getByRole('heading', { name: 'Pagá tu compra' })).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
    await page.getByLabel('Nombre del titular (elige el resultado)').selectOption('APRO');
    await page.getByLabel('Cuotas').selectOption('3');
    await page.getByRole('button', { name: /^Pagar/ }).click();

    // Back on the tier's success page.
    await expect(page).toHaveURL(/\/compra\/mf-oro\/exito(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: '¡Tu pago fue aprobado!' })).toBeVisible();
    await expect(page.getByText(`Te estamos enviando un correo a ${email}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute('href', '/login');
    await expectNoSeriousA11yViolations(page);

    // The approval (webhook) creates her account and sends the e-mail.
    const mail = await waitForMail(request, email, 'Membresía Oro de Alcancía está activa', {
      timeout: 30_000,
    });
    expect(mail.text).toMatch(/^Hola Marta\b/);

    // Its password link opens the set-password page for her address.
    await page.goto(linkIn(mail, '/recover'));
    await expect(page.getByRole('heading', { level: 1, name: 'Creá una nueva contraseña' })).toBeVisible();

    // Its login link lets her into the academy.
    await page.goto(linkIn(mail, '/academy'));
    await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible();
    await expect(page.getByText(/^Hola, Marta/)).toBeVisible();
    await expect(page).not.toHaveURL(/verification_code/);
  });

  test('the same Checkout Pro page paid twice: the second payment is refunded and she is told; the membership does not stack', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('guest-twice');
    await page.goto('/compra/mf-oro');
    await fillGuestForm(page, email);
    await payButton(page).click();
    await expect(page).toHaveURL(/\/sandbox\/mercadopago\/checkout\/v1\//);
    const payPage = page.url();
    const payOnce = async () => {
      await page.getByLabel('Nombre del titular (elige el resultado)').selectOption('APRO');
      await page.getByRole('button', { name: /^Pagar/ }).click();
      await expect(page).toHaveURL(/\/compra\/mf-oro\/exito(\?|$)/);
    };
    await payOnce();
    const welcome = await waitForMail(request, email, 'Membresía Oro de Alcancía está activa', {
      timeout: 30_000,
    });

    // Back to the same pay page (the browser's back button, a second tab), and paid again.
    await page.goto(payPage);
    await expect(page.getByRole('heading', { name: 'Pagá tu compra' })).toBeVisible();
    await payOnce();
    const refund = await waitForMail(request, email, 'Te devolvimos un pago duplicado', { timeout: 30_000 });
    expect(refund.text).toContain('te devolvimos el segundo completo');
    expect(refund.text).toMatch(/Monto devuelto: \$\s?500/);

    // One membership of 6 months, not 12: the login link lets her in and the account says so.
    await page.goto(linkIn(welcome, '/academy'));
    await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible();
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('credentials') ?? '{}').accessToken,
    );
    const user = await (
      await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const inSixMonths = new Date();
    inSixMonths.setMonth(inSixMonths.getMonth() + 6);
    const endMonth = new Date(`${user.subscriptionEndDate}T12:00:00`).getMonth();
    expect(endMonth).toBe(inSixMonths.getMonth());
  });

  test('the form asks for every field and a valid e-mail', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/users/mercadopago/preference')) sent.push(req.url());
    });
    await page.goto('/compra/mf-platinum');
    await expect(page.getByRole('heading', { level: 1, name: 'Membresía Platinum' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Resumen' })).toContainText('3 meses');
    await expect(payButton(page)).toBeDisabled();
    await expect(page.getByText('Completá todos los datos para continuar con el pago.')).toBeVisible();

    await page.getByLabel('Correo electrónico').fill('marta@example');
    await page.getByLabel('Teléfono').click();
    const emailField = page.getByLabel('Correo electrónico');
    await expect(page.getByText('El email ingresado no es válido')).toBeVisible();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');

    // One field left empty keeps the button disabled.
    await page.getByLabel('Nombre').fill('Marta');
    await page.getByLabel('Apellido').fill('Gómez');
    await expect(payButton(page)).toBeDisabled();
    await page.getByLabel('Teléfono').fill('11 2345 6789');
    await expect(payButton(page)).toBeEnabled();

    // With the e-mail still invalid nothing is sent and the e-mail field gets the focus.
    await payButton(page).click();
    await expect(emailField).toBeFocused();
    await expect(page.getByText('El email ingresado no es válido')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await emailField.fill('marta@example.com');
    await expect(page.getByText('El email ingresado no es válido')).toBeHidden();
    // A wrong DNI for the invoice (optional) holds the payment and says why, on its field.
    const dni = page.getByLabel('DNI para tu factura (opcional)');
    await dni.fill('123');
    await payButton(page).click();
    await expect(dni).toBeFocused();
    await expect(dni).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Ingresá tu DNI: 7 u 8 números, sin puntos.')).toBeVisible();
    await dni.fill('');
    await page.getByLabel('Apellido').fill('   ');
    await expect(payButton(page)).toBeDisabled();
    expect(sent).toEqual([]);
  });

  test('when the API fails the error shows and the form works again (by keyboard)', async ({ page }) => {
    let calls = 0;
    await page.route(preferencePath, async (route) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ internalCode: 'UNEXPECTED_ERROR', message: 'Servicio no disponible' }),
      });
    });
    await page.goto('/compra/mf-black');
    await expect(page.getByRole('heading', { level: 1, name: 'Membresía Black' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Resumen' })).toContainText(/\$\s600/);
    await expect(page.getByRole('complementary', { name: 'Resumen' })).toContainText('1 año');

    // Keyboard only: the fields in order, then the pay button.
    await page.getByLabel('Nombre').focus();
    await page.keyboard.insertText('Marta');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Apellido')).toBeFocused();
    await page.keyboard.insertText('Gómez');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Correo electrónico')).toBeFocused();
    await page.keyboard.insertText(uniqueEmail('guest-error'));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Teléfono')).toBeFocused();
    await page.keyboard.insertText('1123456789');
    await page.keyboard.press('Tab');
    // the optional DNI for the invoice, left empty
    await expect(page.getByLabel('DNI para tu factura (opcional)')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(payButton(page)).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('button', { name: 'Procesando…' })).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveText(failureText);
    expect(calls).toBe(1);
    await expect(page).toHaveURL(/\/compra\/mf-black$/);
    await expect(payButton(page)).toBeEnabled();
    await expect(page.getByLabel('Nombre')).toBeEnabled();
    await expect(page.getByLabel('Nombre')).toHaveValue('Marta');
    await expectNoSeriousA11yViolations(page);

    // Trying again sends again.
    await payButton(page).click();
    await expect.poll(() => calls).toBe(2);
    await expect(page.getByRole('alert')).toHaveText(failureText);
  });

  test('the pending and failure pages; a retry goes back to the tier', async ({ page }) => {
    await page.goto('/compra/mf-black/pendiente');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu pago está pendiente' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/compra/mf-black/error');
    await expect(page.getByRole('heading', { level: 1, name: 'No pudimos procesar tu pago' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await expect(page).toHaveURL(/\/compra\/mf-black$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Membresía Black' })).toBeVisible();

    await page.goto('/compra/mf-oro/cualquiera');
    await expect(page.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
  });

  test('the guest pages fit 320 px and pass axe there', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/compra/mf-oro');
    await expect(page.getByRole('heading', { level: 1, name: 'Membresía Oro' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill('marta@');
    await page.getByLabel('Nombre').click();
    await expect(page.getByText('El email ingresado no es válido')).toBeVisible();
    await expectNoHorizontalScroll(page, '/compra/mf-oro');
    await expectNoSeriousA11yViolations(page);
    for (const result of ['exito', 'pendiente', 'error']) {
      await page.goto(`/compra/mf-oro/${result}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page, result);
    }
    await expectNoSeriousA11yViolations(page);
  });
});
