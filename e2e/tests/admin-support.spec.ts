import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer } from './support/accounts';
import { buyProgramByCard, cardToken } from './support/cards';
import { signInAsOperator } from './support/operators';
import { providerPayment } from './support/receipts';

/*
 * Issue 18, support: a support operator signs in with her password and the code of her
 * authenticator app (computed here from the README's demo secret), finds a member by a name typed
 * without accents, and refunds her program through the provider: the refund reaches the Mercado
 * Pago emulator once, and the program locks for her again.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const inversora = { id: 'programa-inversora-inteligente', name: 'Programa Inversora Inteligente' };

test('a support operator signs in with TOTP, finds a member and refunds her program once', async ({
  page,
  request,
}) => {
  // the member: a unique name with accents, and a program bought by card
  const suffix = String(Date.now()).slice(-6);
  const name = `Ramona Ñáñez ${suffix}`;
  const { email, credentials } = await newCustomer(request, 'reembolso');
  const renamed = await request.patch('/api/users/me', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: { name },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await buyProgramByCard(request, credentials.accessToken, inversora.id);
  const program = () =>
    request.get(`/api/academy/${inversora.id}`, {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
    });
  await expect.poll(async () => (await program()).status()).toBe(200);

  // sign in: password, then the second factor (checked by axe on the way)
  await page.setViewportSize({ width: 1024, height: 800 });
  await signInAsOperator(page, 'support', async () => expectNoSeriousA11yViolations(page));
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  // support sees her sections only
  const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
  await expect(nav.getByRole('link', { name: 'Miembros' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Servicios y funciones' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // find her by name, typed without accents, with the keyboard
  await nav.getByRole('link', { name: 'Miembros' }).click();
  await page.getByLabel('Buscar por correo, nombre o teléfono').fill(`ramona nanez ${suffix}`);
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  // the mails we sent her, by subject and state: "it never came" has an answer
  const mails = page.getByRole('table', { name: `Últimos correos a ${email}` });
  await expect(mails.getByText(`Confirmamos tu compra: ${inversora.name}`)).toBeVisible();
  await expect(mails.getByText('Validá tu cuenta de Alcancía')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // refund the program: confirmation first, then one refund at the provider
  const payments = page.getByRole('table', { name: 'Pagos' });
  const operation = (await payments.locator('code').first().innerText()).trim();
  await payments.getByRole('button', { name: `Devolver el pago ${operation}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Devolver el pago' });
  await expect(dialog.getByLabel('Quitarle el acceso que le dio este pago')).toBeChecked();
  // why, in her words: the button waits for it (it goes to the audit log's sentence)
  await expect(dialog.getByRole('button', { name: /^Devolver \$/ })).toBeDisabled();
  await dialog.getByLabel('Motivo (queda en la auditoría)').fill('Pidió la devolución a los dos días');
  await expectNoSeriousA11yViolations(page);
  // pressed twice in a row: one refund (the button goes busy; both presses carry one idempotency key)
  await dialog.getByRole('button', { name: /^Devolver \$/ }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'La devolución se hizo.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Devoluciones' }).getByText('Hecha')).toBeVisible();
  // Issue 39: a full refund reads Devuelto (not in part), the reason is what she typed, and the
  // refund mail is never a failed retry.
  await expect(page.getByRole('table', { name: 'Devoluciones' })).toContainText(
    'Pidió la devolución a los dos días',
  );
  await expect(page.getByRole('table', { name: 'Devoluciones' })).not.toContainText('operator');
  await expect(payments.getByText('Devuelto', { exact: true })).toBeVisible();
  await expect(payments).not.toContainText('Devuelto en parte');
  await expect(mails).not.toContainText('intentos fallidos');

  const atProvider = await providerPayment(request, operation);
  expect(atProvider?.refunds).toHaveLength(1);
  expect(atProvider?.status).toBe('refunded');
  // her program is locked again
  await expect.poll(async () => (await program()).status()).toBe(403);

  // given back as a courtesy: picked from the catalogue's programs and packs, with a reason
  await page.getByRole('button', { name: 'Dar un programa o pack' }).click();
  const grant = page.getByRole('dialog', { name: 'Dar un programa o pack' });
  const picker = grant.getByLabel('Programa o pack');
  await expect(picker.locator('optgroup[label="Programas"]')).toContainText(inversora.name);
  await picker.selectOption({ label: inversora.name });
  // the reason is required: without it the button stays off
  await expect(grant.getByRole('button', { name: 'Dar acceso' })).toBeDisabled();
  await grant.getByLabel('Motivo (queda en la auditoría)').fill('Se lo regalamos por la demora');
  await expectNoSeriousA11yViolations(page);
  await grant.getByRole('button', { name: 'Dar acceso' }).click();
  await expect(page.getByText(`Le diste ${inversora.name}.`)).toBeVisible();
  await expect(grant).toBeHidden();
  await expect(page.getByRole('table', { name: 'Compras' }).getByText(inversora.name)).toBeVisible();
  // where it came from, in words: never an operator's or an order's id (issue 40)
  const purchases = page.getByRole('table', { name: 'Compras' });
  await expect(purchases).toContainText(/Se lo dio .+ desde el panel/);
  await expect(purchases).not.toContainText(/order:|admin:|[0-9a-f]{8}-[0-9a-f]{4}-/);
  await expect.poll(async () => (await program()).status()).toBe(200);
});

test('the member page says why her subscription changed in Spanish (issue 40)', async ({ page, request }) => {
  const suffix = String(Date.now()).slice(-6);
  const name = `Rosa Suscripta ${suffix}`;
  const { credentials } = await newCustomer(request, 'historia');
  const headers = { authorization: `Bearer ${credentials.accessToken}` };
  const renamed = await request.patch('/api/users/me', { headers, data: { name } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers,
    data: {
      subscriptionPlanName: 'Plan Esencial',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await signInAsOperator(page, 'support');
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Miembros' })
    .click();
  await page.getByLabel('Buscar por correo, nombre o teléfono').fill(`rosa suscripta ${suffix}`);
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // why each change happened, in words: not the English the code keeps for engineers
  const history = page.getByRole('table', { name: 'Historia de la suscripción' });
  await expect(history).toContainText('Empezó a suscribirse con tarjeta');
  await expect(history).toContainText('Mercado Pago aprobó el primer cobro');
  await expect(history).not.toContainText(/first charge|checkout|Detalle técnico/);
  await expectNoSeriousA11yViolations(page);
});
