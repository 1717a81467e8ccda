import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, type StoredCredentials, signIn, validateAccount } from './support/accounts';
import { cardToken } from './support/cards';

/*
 * Mi cuenta → Cobros y accesos (issue 27, decision 93) in Chromium against the built app and the
 * Mercado Pago emulator: a card subscription, then a guest membership bought on Checkout Pro with
 * the same e-mail. Both are listed; the card agreement keeps its own actions (the membership never
 * hides it); cancelling and then withdrawing it leave the membership running.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const sectionPath = '/mi-cuenta/accesos';

/** "27/11/2026" for a YYYY-MM-DD date, as the page writes it. */
const shortDate = (date: string) => date.split('-').reverse().join('/');
const argentinaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());

interface Access {
  agreements: { id: string }[];
  grants: { origin: string; from: string; until: string | null }[];
}

async function herAccess(request: APIRequestContext, credentials: StoredCredentials): Promise<Access> {
  const res = await request.get('/api/users/me/access', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Access;
}

/** Buys Membresía Platinum as a guest on the Checkout Pro stand-in, with her own e-mail. */
async function buyGuestPlatinum(page: Page, email: string) {
  await page.goto('/compra/mf-platinum');
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('11 2345 6789');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/mercadopago\/checkout\/v1\//);
  await page.getByLabel('Nombre del titular (elige el resultado)').selectOption('APRO');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/compra\/mf-platinum\/exito(\?|$)/);
}

const section = (page: Page) => page.getByRole('region', { name: 'Cobros y accesos', exact: true });
const agreements = (page: Page) =>
  page.getByRole('region', { name: 'Suscripciones con tarjeta' }).getByRole('listitem');
const grants = (page: Page) => page.getByRole('region', { name: 'Tus accesos' }).getByRole('listitem');
const grantFrom = (page: Page, origin: string) =>
  grants(page).filter({ has: page.getByText(origin, { exact: true }) });

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
}

test('a card subscription and a guest membership with the same e-mail: both listed, the card keeps its actions', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request, 'cobros');
  await validateAccount(request, customer.email);
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${customer.credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Esencial',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { subscriptionEndDate: cardEnd } = (await paid.json()) as { subscriptionEndDate: string };

  await buyGuestPlatinum(page, customer.email);
  // the approval comes by webhook: the membership lands in her account as its own grant
  await expect
    .poll(async () => (await herAccess(request, customer.credentials)).grants.length, { timeout: 30_000 })
    .toBe(2);
  const membership = (await herAccess(request, customer.credentials)).grants.find(
    (g) => g.origin === 'guest_purchase',
  );

  await signIn(page, customer.credentials);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
    await page.goto(sectionPath);
    await expect(section(page).getByRole('heading', { level: 2, name: 'Cobros y accesos' })).toBeVisible();

    // the card agreement, with its own actions
    await expect(agreements(page)).toHaveCount(1);
    const agreement = agreements(page).first();
    await expect(agreement.getByRole('heading', { name: 'Plan Esencial · Anual' })).toBeVisible();
    await expect(agreement).toContainText('Activa');
    await expect(agreement).toContainText('95.040');
    await expect(agreement).toContainText(`Próximo cobro${shortDate(cardEnd)}`);
    await expect(agreement).toContainText('Visa terminada en 3704');
    await expect(agreement.getByRole('button', { name: 'Cancelar suscripción' })).toBeVisible();
    await expect(agreement.getByRole('button', { name: 'Cambiar tarjeta' })).toBeVisible();
    await expect(agreement.getByRole('button', { name: 'Arrepentirme de esta compra' })).toBeVisible();

    // her two grants: the card's year now, the membership's months after it
    await expect(grants(page)).toHaveCount(2);
    const cardGrant = grantFrom(page, 'Tarjeta');
    await expect(cardGrant).toContainText('Vigente');
    await expect(cardGrant).toContainText(`Desde${shortDate(argentinaToday())}`);
    await expect(cardGrant).toContainText(`Hasta${shortDate(cardEnd)}`);
    const guestGrant = grantFrom(page, 'Membresía');
    await expect(guestGrant).toContainText('Próximamente');
    await expect(guestGrant).toContainText(`Desde${shortDate(membership?.from ?? '')}`);
    await expect(guestGrant).toContainText(`Hasta${shortDate(membership?.until ?? '')}`);

    await expectNoSeriousA11yViolations(page);
    if (width === 375) await expectNoHorizontalScroll(page);
  }

  // cancel: no more charges, still listed (paid until its end), the membership untouched
  await agreements(page).first().getByRole('button', { name: 'Cancelar suscripción' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' });
  await dialog.getByRole('button', { name: 'Sí, cancelar mi suscripción' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page).getByRole('status').first()).toContainText('Cancelaste tu suscripción');
  await expect(agreements(page).first()).toContainText('Cancelada: no se cobra más');
  await expect(agreements(page).first()).toContainText(/BAJA-[A-Z2-9]{10}/);
  await expect(agreements(page).first().getByRole('button', { name: 'Cancelar suscripción' })).toHaveCount(0);
  await expect(grantFrom(page, 'Membresía')).toContainText('Próximamente');

  // withdraw the card payment: its year ends, the membership runs from today
  await agreements(page).first().getByRole('button', { name: 'Arrepentirme de esta compra' }).click();
  const withdraw = page.getByRole('dialog', { name: '¿Te arrepentís de esta compra?' });
  await withdraw.getByRole('button', { name: 'Sí, arrepentirme' }).click();
  const done = page.getByRole('dialog', { name: 'Te arrepentiste de la compra' });
  await expect(done).toContainText(/Tu código de arrepentimiento es/);
  await expectNoSeriousA11yViolations(page);
  await done.getByRole('button', { name: 'Entendido' }).click();
  await expect(agreements(page)).toHaveCount(0);
  await expect(section(page)).toContainText('No tenés suscripciones que se cobren con tarjeta.');
  await expect(grantFrom(page, 'Membresía')).toContainText('Vigente');
  await expect(grantFrom(page, 'Membresía')).toContainText(`Desde${shortDate(argentinaToday())}`);
  await expect(grantFrom(page, 'Tarjeta')).toContainText('Terminado');
  await expect(grantFrom(page, 'Tarjeta')).toContainText('Te arrepentiste de la compra');
});
