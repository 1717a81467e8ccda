import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn, uniqueEmail } from './support/accounts';
import { buyProgramByCard } from './support/cards';
import { codeIn, waitForMail } from './support/mailbox';
import { downloadPdf, providerPayment } from './support/receipts';

/*
 * Mi cuenta → Compras y pagos and the "botón de arrepentimiento" (issue 17) in Chromium against
 * the built app, its API and the Mercado Pago emulator on the same origin.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const inversora = { id: 'programa-inversora-inteligente', name: 'Programa Inversora Inteligente' };
/** For non-subscribers, by card, up to 3 installments. */
const chauDeudas = { id: 'programa-chau-deudas', name: 'Programa Chau Deudas' };

const fitsWidth = (target: Locator) => target.evaluate((el) => el.scrollWidth <= el.clientWidth);
const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('payments and withdrawals', () => {
  test('she downloads a program’s receipt and withdraws the purchase: refunded, and the program locks again', async ({
    page,
    request,
  }) => {
    const { email, credentials } = await newCustomer(request, 'arrepentida');
    await buyProgramByCard(request, credentials.accessToken, inversora.id, 3);
    await signIn(page, credentials);

    // Bought: the program list lets her start it.
    await page.goto('/programas');
    await expect(page.getByRole('button', { name: `Comenzar ${inversora.name}` })).toBeVisible();

    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/mi-cuenta/pagos');
    await expect(page.getByRole('heading', { level: 2, name: 'Compras y pagos' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: inversora.name });
    await expect(card).toContainText('Aprobado');
    await expect(card).toContainText(/Importe\s*\$\s89\.000/);
    await expect(card).toContainText('3 cuotas');
    const operation = ((await card.locator('dt:text-is("Operación") + dd').textContent()) ?? '').trim();
    expect(operation).toMatch(/^\d+$/);
    expect(await fitsWidth(page.locator('.payment-list'))).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The receipt: a PDF with the business, her, the concept, the amount, the method, the operation.
    const { name, text: receipt } = await downloadPdf(
      page,
      card.getByRole('button', { name: /^Descargar comprobante/ }),
    );
    expect(name).toBe(`comprobante-${operation}.pdf`);
    for (const expected of [
      'Comprobante de pago',
      'CUIT: ',
      'Nombre: Ana',
      `Correo: ${email}`,
      `Concepto: ${inversora.name}`,
      'Cuotas: 3 cuotas',
      'Medio de pago: Visa terminada en 3704',
      `Número de operación: ${operation}`,
    ]) {
      expect(receipt).toContain(expected);
    }
    expect(receipt).toMatch(/Importe: \$\s89\.000,00/);

    // One confirmation, by keyboard, then the revocation code.
    await card.getByRole('button', { name: 'Arrepentirme de esta compra' }).press('Enter');
    const confirm = page.getByRole('dialog', { name: '¿Te arrepentís de esta compra?' });
    await expect(confirm).toContainText(/Te devolvemos \$\s89\.000 completos/);
    await expect(confirm.getByRole('button', { name: 'No, volver' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Sí, arrepentirme' }).click();
    const done = page.getByRole('dialog', { name: 'Te arrepentiste de la compra' });
    await expect(done).toContainText(/ARR-[A-Z2-9]{6}/);
    const revocationCode = /ARR-[A-Z2-9]{6}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
    await expect(done).toContainText('Ya pedimos la devolución completa');
    await done.getByRole('button', { name: 'Entendido' }).click();
    await expect(card).toContainText('Devuelto');
    await expect(card).toContainText(`Te arrepentiste de esta compra. Código: ${revocationCode}`);
    await expect(card.getByRole('button', { name: 'Arrepentirme de esta compra' })).toHaveCount(0);

    // Refunded in full at the provider, and the mail carries the code.
    await expect.poll(async () => (await providerPayment(request, operation))?.status).toBe('refunded');
    expect((await providerPayment(request, operation))?.transaction_amount_refunded).toBe(89000);
    const mail = await waitForMail(request, email, revocationCode);
    expect(mail.text).toContain(inversora.name);

    // The access is gone: the program is for sale to her again.
    await page.goto('/programas');
    await expect(page.getByRole('link', { name: `Comprar ahora: ${inversora.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Comenzar ${inversora.name}` })).toHaveCount(0);
  });

  test('logged in, she picks the purchase at /arrepentimiento among hers', async ({ page, request }) => {
    const { credentials } = await newCustomer(request, 'arrepentida-pagina');
    await buyProgramByCard(request, credentials.accessToken, inversora.id, 3);
    await buyProgramByCard(request, credentials.accessToken, chauDeudas.id, 3);
    await signIn(page, credentials);

    await page.goto('/arrepentimiento');
    await expect(page.getByRole('heading', { level: 1, name: 'Botón de arrepentimiento' })).toBeVisible();
    const mine = page.getByRole('region', { name: 'Tus compras' });
    const chau = mine.getByRole('listitem').filter({ hasText: chauDeudas.name });
    const other = mine.getByRole('listitem').filter({ hasText: inversora.name });
    await expect(chau).toContainText(/Podés arrepentirte hasta el \d{1,2} de \w+ de \d{4}/);
    await expect(other.getByRole('button', { name: 'Arrepentirme de esta compra' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await chau.getByRole('button', { name: 'Arrepentirme de esta compra' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Te arrepentís de esta compra?' });
    await expect(confirm).toContainText(chauDeudas.name);
    await confirm.getByRole('button', { name: 'Sí, arrepentirme' }).click();
    const done = page.getByRole('dialog', { name: 'Te arrepentiste de la compra' });
    await expect(done).toContainText(/ARR-[A-Z2-9]{6}/);
    await done.getByRole('button', { name: 'Entendido' }).click();
    await expect(chau).toContainText(/Ya te arrepentiste de esta compra\. Código: ARR-/);
    // the other purchase is untouched
    await expect(other.getByRole('button', { name: 'Arrepentirme de esta compra' })).toBeVisible();
    await page.goto('/programas');
    await expect(page.getByRole('button', { name: `Comenzar ${inversora.name}` })).toBeVisible();
  });

  test('a guest withdraws her membership at /arrepentimiento with the code mailed to her', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('invitada-arrepentida');
    await page.goto('/compra/mf-oro');
    await page.getByLabel('Nombre').fill('Marta');
    await page.getByLabel('Apellido').fill('Gómez');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('11 2345 6789');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page).toHaveURL(/\/sandbox\/mercadopago\/checkout\/v1\//);
    await page.getByLabel('Nombre del titular (elige el resultado)').selectOption('APRO');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page).toHaveURL(/\/compra\/mf-oro\/exito(\?|$)/);
    const operation = new URL(page.url()).searchParams.get('payment_id') ?? '';
    expect(operation).toMatch(/^\d+$/);
    await waitForMail(request, email, 'Membresía Oro', { timeout: 30_000 });

    // The footer's link, on any page, leads to the explanation and the guest form.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Botón de arrepentimiento' }).click();
    await expect(page).toHaveURL(/\/arrepentimiento$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Botón de arrepentimiento' })).toBeVisible();
    await expect(page.getByText(/10 días corridos/).first()).toBeVisible();
    await expect(page.getByText(/Resolución\s+424\/2020/)).toBeVisible();
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // A wrong operation number is said inline, before anything is sent.
    await page.getByLabel('Correo de la compra').fill(email);
    await page.getByRole('textbox', { name: 'Número de operación' }).fill('abc');
    await page.getByRole('button', { name: 'Enviarme el código' }).click();
    await expect(page.getByText('Ingresá el número de operación (solo números).')).toBeVisible();
    await page.getByRole('textbox', { name: 'Número de operación' }).fill(operation);
    await page.getByRole('button', { name: 'Enviarme el código' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Confirmá con el código del correo' }),
    ).toBeFocused();
    const code = codeIn(await waitForMail(request, email, 'código para confirmar'));

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Código de confirmación').fill(wrong);
    await page.getByRole('button', { name: 'Confirmar arrepentimiento' }).click();
    await expect(page.getByRole('alert')).toContainText('El código no es válido o venció');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Código de confirmación').fill(code);
    await page.getByRole('button', { name: 'Confirmar arrepentimiento' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Te arrepentiste de la compra' })).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: 'código de arrepentimiento' });
    await expect(status).toContainText(/ARR-[A-Z2-9]{6}/);
    const revocationCode = /ARR-[A-Z2-9]{6}/.exec((await status.textContent()) ?? '')?.[0] ?? '';
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await expect.poll(async () => (await providerPayment(request, operation))?.status).toBe('refunded');
    const mail = await waitForMail(request, email, revocationCode);
    expect(mail.text).toContain('Membresía Oro');
  });
});
