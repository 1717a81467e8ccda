import {
  type APIRequestContext,
  type Browser,
  expect as baseExpect,
  type Page,
  test,
} from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, type StoredCredentials, signIn, validateAccount } from './support/accounts';
import { cardForm, cardToken, fillCard } from './support/cards';
import { waitForMail } from './support/mailbox';
import { downloadReceipt, plain, providerPayment } from './support/receipts';

/*
 * Issue 27 as a person lives it, in Chromium against the built app and the Mercado Pago emulator:
 * a card plan and a guest membership bought with her own e-mail meet. Mi cuenta keeps showing what
 * charges her (case 4); withdrawing the card payment gives back exactly that payment and leaves the
 * membership months she paid for, not the refunded year (cases 1 and 2); a renewal moves her access
 * and the membership after it (case 3); program cuotas are stated alike in the checkout, the mail,
 * Mi cuenta and the receipt, before and after a withdrawal (case 7). Both purchases listed in
 * Cobros y accesos, cancelled and withdrawn from there, is account-access.spec.ts; this spec
 * follows the money.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

// A pesos amount as the pages, mails and receipts write it, the no-break space read as a space.
const money = (figure: string) => new RegExp(`\\$\\s${figure.replaceAll('.', '\\.')}`);

/** "2026-11-27" for today in Argentina. */
const argentinaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
/** The calendar date `months` later (the last day of a shorter month), as the server counts. */
function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}
function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}
/** "27/11/2026", as Cobros y accesos writes a date. */
const shortDate = (date: string) => date.split('-').reverse().join('/');
/** "27 de febrero de 2027", as Mi cuenta › Suscripción and the mails write a date. */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Argentina/Buenos_Aires',
  }).format(new Date(`${date}T12:00:00-03:00`));

interface Access {
  grants: { origin: string; from: string; until: string | null; state: string }[];
}
async function herAccess(request: APIRequestContext, credentials: StoredCredentials): Promise<Access> {
  const res = await request.get('/api/users/me/access', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Access;
}

/**
 * A guest membership (`mf-platinum`: 3 months, `mf-oro`: 6) bought on the Checkout Pro stand-in
 * with her own e-mail, from another browser (her phone: no session). Returns the operation number.
 */
async function buyGuestMembership(
  browser: Browser,
  origin: string,
  email: string,
  slug: 'mf-platinum' | 'mf-oro',
): Promise<string> {
  const phone = await browser.newContext({ baseURL: origin });
  const page = await phone.newPage();
  await page.goto(`/compra/${slug}`);
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('11 2345 6789');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/mercadopago\/checkout\/v1\//);
  await page.getByLabel('Nombre del titular (elige el resultado)').selectOption('APRO');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/compra/${slug}/exito(\\?|$)`));
  const operation = new URL(page.url()).searchParams.get('payment_id') ?? '';
  expect(operation).toMatch(/^\d+$/);
  await phone.close();
  return operation;
}

/** Waits until the membership paid at the provider is one of her grants (it comes by webhook). */
async function membershipGrant(request: APIRequestContext, credentials: StoredCredentials) {
  await expect
    .poll(async () => (await herAccess(request, credentials)).grants.length, { timeout: 30_000 })
    .toBe(2);
  const grant = (await herAccess(request, credentials)).grants.find((g) => g.origin === 'guest_purchase');
  expect(grant).toBeTruthy();
  return grant as Access['grants'][number];
}

/** Mi cuenta › Cobros y accesos: her grants, one card each. */
const grantsOf = (page: Page) => page.getByRole('region', { name: 'Tus accesos' }).getByRole('listitem');
const grantFrom = (page: Page, origin: string) =>
  grantsOf(page).filter({ has: page.getByText(origin, { exact: true }) });
/** Mi cuenta › Suscripción: one fact of it ("Plan", "Estado", …). */
const subscriptionFact = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Suscripción', exact: true })
    .locator('.subscription-facts div')
    .filter({ has: page.getByText(term, { exact: true }) });

const paymentCard = (page: Page, concept: string | RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: concept }) });
const operationOf = async (card: ReturnType<typeof paymentCard>) =>
  ((await card.locator('dt:text-is("Operación") + dd').textContent()) ?? '').trim();

test('Plan Oro by card, then a guest Platinum with her e-mail: Mi cuenta shows both; withdrawing the card payment gives back exactly its 134.100 and her Platinum months run', async ({
  page,
  request,
  browser,
}) => {
  const customer = await newCustomer(request, 'oro-y-platinum');
  await validateAccount(request, customer.email);
  await signIn(page, customer.credentials);

  // The annual Plan Oro in the checkout: what she is charged today.
  await page.goto('/compra/suscripcion/plan-oro/annual');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizá tu suscripción' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Resumen de tu compra' });
  await expect(summary).toContainText('Oro');
  await expect(summary).toContainText('Anual');
  await expect(summary.getByText('Total hoy')).toBeVisible();
  await expect(summary).toContainText(money('134.100'));
  await fillCard(page, 'APRO');
  const subscribed = page.waitForResponse('**/api/users/mercadopago/suscription');
  await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
  const answer = await subscribed;
  expect(answer.status()).toBe(200);
  const { subscriptionEndDate: cardEnd } = (await answer.json()) as { subscriptionEndDate: string };
  await expect(page.getByRole('dialog', { name: '¡Listo! Tu suscripción está activa' })).toBeVisible();
  const confirmation = await waitForMail(request, customer.email, 'Tu suscripción al Plan Oro está activa');
  expect(plain(confirmation.text)).toMatch(/Pagaste \$ 134\.100,00 con la tarjeta terminada en 3704/);

  // The membership, bought apart with the same e-mail, lands in her account as its own grant.
  const guestOperation = await buyGuestMembership(
    browser,
    new URL(page.url()).origin,
    customer.email,
    'mf-platinum',
  );
  const queued = await membershipGrant(request, customer.credentials);
  // queued after the paid year (from the day after its last day), for its 3 months
  expect(queued?.from).toBe(addDays(cardEnd.slice(0, 10), 1));
  expect(queued?.until).toBe(addMonths(cardEnd.slice(0, 10), 3));

  // Mi cuenta › Suscripción: the membership hides nothing of what keeps charging (case 4), and her
  // plan is the one she pays for, not the membership's.
  await page.goto('/mi-cuenta/suscripcion');
  const subscription = page.getByRole('region', { name: 'Suscripción', exact: true });
  const fact = (term: string) => subscriptionFact(page, term);
  await expect(fact('Plan')).toContainText('Plan Oro');
  await expect(fact('Frecuencia')).toContainText('Anual');
  await expect(fact('Estado')).toContainText('Activa');
  await expect(fact('Próximo cobro')).toContainText(longDate(cardEnd.slice(0, 10)));
  await expect(fact('Próximo cobro')).toContainText(money('134.100'));
  await expect(fact('Tarjeta')).toContainText('Visa terminada en 3704');
  await expectNoSeriousA11yViolations(page);

  // She cancels the card subscription there: the answer is its cancelled state and code of its own.
  await subscription.getByRole('button', { name: 'Cancelar suscripción' }).click();
  const cancel = page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' });
  await cancel.getByRole('button', { name: 'Sí, cancelar mi suscripción' }).click();
  await expect(cancel).toBeHidden();
  // her access still runs to the end of the membership's months, queued after the paid year
  await expect(fact('Estado')).toContainText(`Cancelada — acceso hasta el ${longDate(queued?.until ?? '')}`);
  const cancellationCode = ((await fact('Código de baja').locator('dd').textContent()) ?? '').trim();
  expect(cancellationCode).toMatch(/^BAJA-[A-Z2-9]{10}$/);
  await expect(fact('Plan')).toContainText('Plan Oro');
  await expect(subscription.getByRole('button', { name: 'Cancelar suscripción' })).toHaveCount(0);
  expect((await waitForMail(request, customer.email, 'Cancelaste tu suscripción')).text).toContain(
    cancellationCode,
  );

  // Mi cuenta › Compras y pagos: both payments, each with its own amount.
  await page.goto('/mi-cuenta/pagos');
  const cardPayment = paymentCard(page, 'Plan Oro — anual');
  const guestPayment = paymentCard(page, 'Membresía Platinum');
  await expect(cardPayment).toContainText(/Importe\s*\$\s134\.100/);
  await expect(cardPayment).toContainText('Aprobado');
  await expect(guestPayment).toContainText(/Importe\s*\$\s400/);
  await expect(guestPayment).toContainText('Aprobado');
  const cardOperation = await operationOf(cardPayment);
  expect(cardOperation).toMatch(/^\d+$/);
  expect(await operationOf(guestPayment)).toBe(guestOperation);
  const receipt = await downloadReceipt(page, cardPayment);
  expect(receipt).toContain('Concepto: Plan Oro — anual');
  expect(receipt).toContain('Importe: $ 134.100,00');
  expect(receipt).toContain(`Número de operación: ${cardOperation}`);

  // She withdraws the card payment within the 10 days: the dialog says what comes back and that
  // what she bought apart stays.
  await cardPayment.getByRole('button', { name: 'Arrepentirme de esta compra' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Te arrepentís de esta compra?' });
  await expect(confirm).toContainText(/Te devolvemos \$\s134\.100 completos/);
  await expect(confirm).toContainText('lo que compraste aparte, como una membresía, sigue');
  await expect(confirm).not.toContainText('el acceso termina hoy');
  await confirm.getByRole('button', { name: 'Sí, arrepentirme' }).click();
  const done = page.getByRole('dialog', { name: 'Te arrepentiste de la compra' });
  await expect(done).toContainText(/ARR-[A-Z2-9]{6}/);
  const revocationCode = /ARR-[A-Z2-9]{6}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  await done.getByRole('button', { name: 'Entendido' }).click();
  await expect(cardPayment).toContainText('Devuelto');
  await expect(cardPayment).toContainText(`Te arrepentiste de esta compra. Código: ${revocationCode}`);
  // the membership's payment is untouched, still hers to withdraw
  await expect(guestPayment).toContainText('Aprobado');
  await expect(guestPayment.getByRole('button', { name: 'Arrepentirme de esta compra' })).toBeVisible();

  // At Mercado Pago: exactly that payment, in full; nothing of the membership's.
  await expect.poll(async () => (await providerPayment(request, cardOperation))?.status).toBe('refunded');
  expect((await providerPayment(request, cardOperation))?.transaction_amount_refunded).toBe(134100);
  const membershipAtProvider = await providerPayment(request, guestOperation);
  expect(membershipAtProvider?.status).toBe('approved');
  expect(membershipAtProvider?.transaction_amount_refunded ?? 0).toBe(0);

  // Her Platinum months move up: from today, for the 3 months she paid.
  const today = argentinaToday();
  const until = addMonths(today, 3);
  const mail = await waitForMail(request, customer.email, revocationCode);
  expect(plain(mail.text)).toContain('Importe que te devolvemos: $ 134.100,00');
  expect(mail.text).toContain(`tenés acceso hasta el ${longDate(until)}`);
  expect(await downloadReceipt(page, cardPayment)).toContain('Importe devuelto: $ 134.100,00');

  await page.goto('/mi-cuenta/accesos');
  const accessSection = page.getByRole('region', { name: 'Cobros y accesos', exact: true });
  await expect(accessSection).toContainText('No tenés suscripciones que se cobren con tarjeta.');
  await expect(grantFrom(page, 'Membresía')).toContainText('Vigente');
  await expect(grantFrom(page, 'Membresía')).toContainText(`Desde${shortDate(today)}`);
  await expect(grantFrom(page, 'Membresía')).toContainText(`Hasta${shortDate(until)}`);
  await expect(grantFrom(page, 'Tarjeta')).toContainText('Terminado');
  await expect(grantFrom(page, 'Tarjeta')).toContainText('Te arrepentiste de la compra');

  // And the academy lets her in: the paid course carries no lock.
  await page.goto('/academy');
  const paidCourse = page
    .getByRole('region', { name: 'Cursos' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Tu presupuesto mensual en una hora' }) });
  await expect(paidCourse).toBeVisible();
  await expect(paidCourse.getByTitle('Requiere suscripción')).toHaveCount(0);
});

test('Plan Esencial by card, then a heavier guest ORO: her year stays Esencial; withdrawing the Esencial payment gives back its 95.040 and leaves the ORO months, not the refunded year', async ({
  page,
  request,
  browser,
}) => {
  const customer = await newCustomer(request, 'esencial-y-oro');
  await validateAccount(request, customer.email);
  const subscribed = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${customer.credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Esencial',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(request),
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  const cardEnd = ((await subscribed.json()) as { subscriptionEndDate: string }).subscriptionEndDate.slice(
    0,
    10,
  );
  await signIn(page, customer.credentials);
  const guestOperation = await buyGuestMembership(
    browser,
    new URL(page.url()).origin,
    customer.email,
    'mf-oro',
  );
  const queued = await membershipGrant(request, customer.credentials);
  expect(queued.from).toBe(addDays(cardEnd, 1));
  expect(queued.until).toBe(addMonths(cardEnd, 6));

  // The ORO months wait for the Esencial year: today she is on the plan she pays for (case 4).
  await page.goto('/mi-cuenta/suscripcion');
  await expect(subscriptionFact(page, 'Plan')).toContainText('Plan Esencial');
  await expect(subscriptionFact(page, 'Frecuencia')).toContainText('Anual');
  await expect(subscriptionFact(page, 'Próximo cobro')).toContainText(money('95.040'));
  await expect(subscriptionFact(page, 'Tarjeta')).toContainText('Visa terminada en 3704');
  await page.goto('/mi-cuenta/accesos');
  await expect(grantFrom(page, 'Tarjeta')).toContainText('Vigente');
  await expect(grantFrom(page, 'Membresía')).toContainText('Próximamente');
  await expect(grantFrom(page, 'Membresía')).toContainText(`Desde${shortDate(queued.from)}`);
  await expect(grantFrom(page, 'Membresía')).toContainText(`Hasta${shortDate(queued.until ?? '')}`);

  // She withdraws the Esencial payment from its agreement's card.
  const agreement = page.getByRole('region', { name: 'Suscripciones con tarjeta' }).getByRole('listitem');
  await agreement.getByRole('button', { name: 'Arrepentirme de esta compra' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Te arrepentís de esta compra?' });
  await expect(confirm).toContainText(/Te devolvemos \$\s95\.040 completos/);
  await confirm.getByRole('button', { name: 'Sí, arrepentirme' }).click();
  const done = page.getByRole('dialog', { name: 'Te arrepentiste de la compra' });
  await expect(done).toContainText(/ARR-[A-Z2-9]{6}/);
  await done.getByRole('button', { name: 'Entendido' }).click();

  // The refunded year is closed; the ORO months she paid for run from today (case 2).
  const today = argentinaToday();
  const until = addMonths(today, 6);
  await expect(grantFrom(page, 'Tarjeta')).toContainText('Terminado');
  await expect(grantFrom(page, 'Membresía')).toContainText('Vigente');
  await expect(grantFrom(page, 'Membresía')).toContainText(`Desde${shortDate(today)}`);
  await expect(grantFrom(page, 'Membresía')).toContainText(`Hasta${shortDate(until)}`);
  await page.goto('/mi-cuenta/suscripcion');
  await expect(subscriptionFact(page, 'Plan')).toContainText('Plan Oro');
  await expect(subscriptionFact(page, 'Tenés acceso hasta')).toContainText(longDate(until));
  // nothing charges her any more
  await expect(subscriptionFact(page, 'Próximo cobro')).toHaveCount(0);
  await expect(subscriptionFact(page, 'Tarjeta')).toHaveCount(0);

  // At Mercado Pago: the Esencial payment in full, the membership's untouched.
  await page.goto('/mi-cuenta/pagos');
  const cardOperation = await operationOf(paymentCard(page, 'Plan Esencial — anual'));
  await expect.poll(async () => (await providerPayment(request, cardOperation))?.status).toBe('refunded');
  expect((await providerPayment(request, cardOperation))?.transaction_amount_refunded).toBe(95040);
  expect((await providerPayment(request, guestOperation))?.transaction_amount_refunded ?? 0).toBe(0);
  await expect(paymentCard(page, 'Membresía Oro')).toContainText('Aprobado');
});

test('Plan Oro monthly by card, then a guest Platinum: a renewal charged by the card moves her paid month and the membership after it, so she never pays twice for the same months', async ({
  page,
  request,
  browser,
}) => {
  const customer = await newCustomer(request, 'renueva-con-membresia');
  await validateAccount(request, customer.email);
  const subscribed = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${customer.credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(request),
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  const cardEnd = ((await subscribed.json()) as { subscriptionEndDate: string }).subscriptionEndDate.slice(
    0,
    10,
  );
  await signIn(page, customer.credentials);
  await buyGuestMembership(browser, new URL(page.url()).origin, customer.email, 'mf-platinum');
  const queued = await membershipGrant(request, customer.credentials);
  expect(queued.until).toBe(addMonths(cardEnd, 3));

  // The card renews (Mercado Pago charges the agreement's next month).
  const state = (await (await request.get('/sandbox/mercadopago/_control/state')).json()) as {
    preapprovals: Record<string, { resource: { id: string; payer_email: string; status: string } }>;
  };
  const preapproval = Object.values(state.preapprovals).find(
    (p) => p.resource.payer_email === customer.email && p.resource.status === 'authorized',
  );
  expect(preapproval).toBeTruthy();
  const charged = await request.post(
    `/sandbox/mercadopago/_control/preapproval/${preapproval?.resource.id}/charge`,
    {
      data: { outcome: 'approved' },
    },
  );
  expect(charged.status(), await charged.text()).toBe(200);

  // Mi cuenta › Compras y pagos: the renewal is listed (it comes by webhook), 11.900 like the first month.
  await expect
    .poll(async () => {
      const res = await request.get('/api/users/me/payments', {
        headers: { authorization: `Bearer ${customer.credentials.accessToken}` },
      });
      const { payments } = (await res.json()) as { payments: { kind: string; status: string }[] };
      return payments.filter((p) => p.kind === 'subscription' && p.status === 'approved').length;
    })
    .toBe(2);
  await page.goto('/mi-cuenta/pagos');
  const charges = paymentCard(page, 'Plan Oro — mensual');
  await expect(charges).toHaveCount(2);
  for (const charge of await charges.all()) await expect(charge).toContainText(/Importe\s*\$\s11\.900/);

  // What she paid for moves her access: a month more on the card, the membership after it.
  const renewedEnd = addMonths(cardEnd, 1);
  await page.goto('/mi-cuenta/accesos');
  await expect(grantFrom(page, 'Tarjeta')).toContainText(`Hasta${shortDate(renewedEnd)}`);
  await expect(grantFrom(page, 'Membresía')).toContainText('Próximamente');
  await expect(grantFrom(page, 'Membresía')).toContainText(`Desde${shortDate(addDays(renewedEnd, 1))}`);
  await expect(grantFrom(page, 'Membresía')).toContainText(`Hasta${shortDate(addMonths(renewedEnd, 3))}`);
  await page.goto('/mi-cuenta/suscripcion');
  await expect(subscriptionFact(page, 'Próximo cobro')).toContainText(longDate(renewedEnd));
  await expect(subscriptionFact(page, 'Próximo cobro')).toContainText(money('11.900'));
  await expect(subscriptionFact(page, 'Tenés acceso hasta')).toContainText(
    longDate(addMonths(renewedEnd, 3)),
  );
});

test('a program in 6 cuotas with interest: the checkout, the mail, Mi cuenta and the receipt state the same total, cuota and financing cost, and a withdrawal gives all of it back', async ({
  page,
  request,
}) => {
  const inversora = { id: 'programa-inversora-inteligente', name: 'Programa Inversora Inteligente' };
  const { email, credentials } = await newCustomer(request, 'seis-cuotas');
  await signIn(page, credentials);

  await page.goto(`/compra/programa/${inversora.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Comprá tu programa' })).toBeVisible();
  await fillCard(page, 'APRO');
  const installments = cardForm(page).getByLabel('Cuotas');
  await expect(installments).toBeEnabled();
  await installments.selectOption({ label: '6 cuotas de $ 17.800 (total $ 106.800, CFTEA 91,20 %)' });
  const summary = page.getByRole('region', { name: 'Resumen de tu compra' });
  await expect(summary).toContainText(/Precio de contado\s*\$\s89\.000/);
  await expect(summary).toContainText(/Cuotas\s*6 × \$\s17\.800/);
  await expect(summary).toContainText(/Costo de financiación\s*\$\s17\.800/);
  await expect(summary).toContainText(/Total financiado\s*\$\s106\.800/);
  await expectNoSeriousA11yViolations(page);
  const paid = page.waitForResponse('**/api/users/mercadopago/payment/program');
  await page.getByRole('button', { name: 'Pagar programa' }).click();
  expect((await paid).status()).toBe(200);
  await expect(page.getByRole('dialog', { name: '¡Listo! Ya tenés tu programa' })).toBeVisible();

  // The mail: the same cuotas, total and financing cost, and what a withdrawal gives back.
  const confirmation = plain(
    (await waitForMail(request, email, `Confirmamos tu compra: ${inversora.name}`)).text,
  );
  expect(confirmation).toMatch(
    /Pagaste 6 cuotas de \$ 17\.800,00 \(total \$ 106\.800,00; TNA 66,57 %; CFTEA 91,20 %\) con la tarjeta terminada en 3704/,
  );
  expect(confirmation).toContain(
    'Precio de contado: $ 89.000,00. Costo de financiación de las cuotas: $ 17.800,00.',
  );
  expect(confirmation).toContain('la devolución total de lo que pagaste ($ 106.800,00)');
  expect(confirmation).not.toMatch(/\$ 89\.000,00 en 6 cuotas/);

  // Mi cuenta › Compras y pagos.
  await page.goto('/mi-cuenta/pagos');
  const card = paymentCard(page, inversora.name);
  await expect(card).toContainText(/Total financiado\s*\$\s106\.800/);
  await expect(card).toContainText(/Precio de contado\s*\$\s89\.000 \(costo de financiación \$\s17\.800\)/);
  await expect(card).toContainText(/6 cuotas de \$\s17\.800 \(total \$\s106\.800\)/);
  // the rates beside the financed total, as at the checkout (issue 39)
  await expect(card).toContainText(/TNA 66,57\s%\s·\sCFTEA 91,20\s%/);
  const operation = await operationOf(card);

  // The receipt.
  const receipt = await downloadReceipt(page, card);
  for (const line of [
    'Importe: $ 106.800,00',
    'Cuotas: 6 cuotas de $ 17.800,00 (total $ 106.800,00; TNA 66,57 %; CFTEA 91,20 %)',
    'Precio de contado: $ 89.000,00',
    'Costo de financiación: $ 17.800,00',
  ]) {
    expect(receipt).toContain(line);
  }

  // A withdrawal undoes the cuotas: all she paid comes back, said alike in the dialog, the mail
  // and the receipt.
  await card.getByRole('button', { name: 'Arrepentirme de esta compra' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Te arrepentís de esta compra?' });
  await expect(confirm).toContainText(/Te devolvemos \$\s106\.800 completos/);
  await confirm.getByRole('button', { name: 'Sí, arrepentirme' }).click();
  const done = page.getByRole('dialog', { name: 'Te arrepentiste de la compra' });
  await expect(done).toContainText(/ARR-[A-Z2-9]{6}/);
  const revocationCode = /ARR-[A-Z2-9]{6}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  await done.getByRole('button', { name: 'Entendido' }).click();
  await expect(card).toContainText('Devuelto');

  // Mercado Pago refunds the cash price it charged; her card's plan is undone with it.
  await expect.poll(async () => (await providerPayment(request, operation))?.status).toBe('refunded');
  expect((await providerPayment(request, operation))?.transaction_amount_refunded).toBe(89000);
  const withdrawn = plain((await waitForMail(request, email, revocationCode)).text);
  expect(withdrawn).toContain('Importe que te devolvemos: $ 106.800,00');
  expect(await downloadReceipt(page, card)).toContain('Importe devuelto: $ 106.800,00');
});
