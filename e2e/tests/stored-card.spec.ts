import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { documentNumber, nextExpiry, visa } from './support/cards';

/*
 * Decision 0225 in Chromium against the built app and the Mercado Pago emulator: she subscribes
 * with her card at checkout, the card is saved for her at Mercado Pago, she cancels, and Mi cuenta
 * offers "Usar Visa terminada en 3704 (vence MM/AA)" for the reactivation: she types only the
 * security code (MercadoPago.js createCardToken({ cardId, securityCode })), by keyboard, at 320 px.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const sectionPath = '/mi-cuenta/suscripcion';
const section = (page: Page) => page.getByRole('region', { name: 'Suscripción', exact: true });
const fact = (page: Page, term: string) =>
  section(page)
    .locator('.subscription-facts div')
    .filter({ has: page.getByText(term, { exact: true }) });

interface EmulatorState {
  cardTokens: Record<string, { resource: { id: string; card_id: string | null } }>;
  preapprovals: Record<
    string,
    { resource: { id: string; payer_email: string; status: string }; card: { last_four_digits: string } }
  >;
}

test('reactivates with the card saved at Mercado Pago, typing only its security code', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request, 'guardada');
  await signIn(page, customer.credentials);

  // Subscribes at checkout with the whole card (Plan Esencial, annual: no trial, charged at once).
  await page.goto('/compra/suscripcion/Plan%20Esencial/annual');
  const form = page.getByRole('region', { name: 'Pagá con tarjeta' });
  const expiry = nextExpiry();
  await form.getByLabel('Número de tarjeta').fill(visa);
  await form.getByLabel('Nombre como figura en la tarjeta').fill('APRO');
  await form.getByLabel('Vencimiento').fill(expiry.typed);
  await form.getByLabel('Código de seguridad').fill('123');
  await form.getByLabel('Tipo de documento').selectOption('DNI');
  await form.getByLabel('Número de documento').fill(documentNumber());
  const paid = page.waitForResponse('**/api/users/mercadopago/suscription');
  await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
  expect((await paid).status()).toBe(200);
  await expect(page.getByRole('dialog', { name: '¡Listo! Tu suscripción está activa' })).toBeVisible();

  // Cancels in Mi cuenta.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(sectionPath);
  await expect(fact(page, 'Estado')).toContainText('Activa');
  await section(page).getByRole('button', { name: 'Cancelar suscripción' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' });
  await dialog.getByRole('button', { name: 'Sí, cancelar mi suscripción' }).click();
  await expect(fact(page, 'Estado')).toContainText('Cancelada');

  // Reactivates: the stored card is offered first, and with it nothing to type: a confirmation
  // (issue 39, decision 0283); the security code only if Mercado Pago asks for it.
  await section(page).getByRole('button', { name: 'Reactivar' }).click();
  const panel = page.getByRole('region', { name: 'Reactivá tu suscripción' });
  const label = `Usar Visa terminada en 3704 (vence ${expiry.typed.slice(0, 2)}/${expiry.typed.slice(2)})`;
  const stored = panel.getByRole('radio', { name: label });
  await expect(stored).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Usar otra tarjeta' })).not.toBeChecked();
  await expect(panel.getByLabel('Número de tarjeta')).toHaveCount(0);
  await expect(panel.getByLabel('Código de seguridad')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await expectNoSeriousA11yViolations(page);

  // "Usar otra tarjeta" brings the whole form back; the stored card again hides it.
  await panel.getByRole('radio', { name: 'Usar otra tarjeta' }).check();
  await expect(panel.getByLabel('Número de tarjeta')).toBeVisible();
  await stored.check();
  await expect(panel.getByLabel('Número de tarjeta')).toHaveCount(0);

  // Mercado Pago asks for the security code this once (the emulator's fault on the server's
  // tokenization of the card on file): then, and only then, the field appears.
  const fault = await request.post('/sandbox/mercadopago/_control/faults', {
    data: { method: 'POST', path: '/v1/card_tokens', status: 400, times: 1 },
  });
  expect(fault.ok()).toBe(true);
  await panel.getByRole('button', { name: 'Reactivar mi suscripción' }).click();
  await expect(panel.getByText('Mercado Pago pide el código de seguridad de tu tarjeta')).toBeVisible();
  const code = panel.getByLabel('Código de seguridad');
  await expect(code).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // By keyboard: a short code is refused in Spanish and keeps the focus; Enter in the field never pays.
  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/users/me/subscription/reactivate')) answers.push(r.status());
  });
  await code.focus();
  await page.keyboard.type('12');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Reactivar mi suscripción' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('El código de seguridad tiene 3 números.')).toBeVisible();
  await expect(code).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  expect(answers).toEqual([]);
  const reactivated = page.waitForResponse('**/api/users/me/subscription/reactivate');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect((await reactivated).status()).toBe(200);

  await expect(section(page).getByRole('status').first()).toContainText('Reactivaste tu suscripción');
  await expect(fact(page, 'Estado')).toHaveText(/Activa/);
  await expect(fact(page, 'Tarjeta')).toContainText('Visa terminada en 3704');

  // The new agreement was made with a token of the saved card (its card_id), not a typed card.
  const state = (await (await request.get('/sandbox/mercadopago/_control/state')).json()) as EmulatorState;
  const agreements = Object.values(state.preapprovals).filter(
    (p) => p.resource.payer_email === customer.email,
  );
  expect(agreements.map((p) => p.resource.status).sort()).toEqual(['authorized', 'cancelled']);
  expect(Object.values(state.cardTokens).some((t) => t.resource.card_id !== null)).toBe(true);
});
