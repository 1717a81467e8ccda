import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { cardToken, documentNumber } from './support/cards';
import { waitForMail } from './support/mailbox';

/*
 * Mi cuenta → Suscripción (issue 17) in Chromium against the built app and the Mercado Pago
 * emulator: cancel in one step and keep access until the end date (mail with the código de baja
 * at /dev/correo), reactivate, change the card, and a refused renewal (the emulator's control
 * API) → banner and mail → card change → active again.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

const sectionPath = '/mi-cuenta/suscripcion';
const mastercard = '5031 7557 3453 0604';

/** An annual Plan Esencial subscription (no trial: active at once), paid through the API. */
async function subscribedCustomer(request: APIRequestContext, label: string) {
  const customer = await newCustomer(request, label);
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${customer.credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Esencial',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const { subscriptionEndDate } = (await paid.json()) as { subscriptionEndDate: string };
  return { ...customer, endDate: subscriptionEndDate };
}

/** "24 de noviembre de 2027", as the page writes an Argentina date. */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Argentina/Buenos_Aires',
  }).format(new Date(`${date}T12:00:00-03:00`));

const section = (page: Page) => page.getByRole('region', { name: 'Suscripción', exact: true });
const fact = (page: Page, term: string) =>
  section(page)
    .locator('.subscription-facts div')
    .filter({ has: page.getByText(term, { exact: true }) });

/** Fills the card panel ("Tu nueva tarjeta" or "Reactivá tu suscripción") and submits it. */
async function payWithCard(page: Page, panelName: string, { number = mastercard, holder = 'APRO' } = {}) {
  const panel = page.getByRole('region', { name: panelName });
  await panel.getByLabel('Número de tarjeta').fill(number);
  await panel.getByLabel('Nombre como figura en la tarjeta').fill(holder);
  await panel.getByLabel('Vencimiento').fill('1130');
  await panel.getByLabel('Código de seguridad').fill('123');
  await panel.getByLabel('Tipo de documento').selectOption('DNI');
  await panel.getByLabel('Número de documento').fill(documentNumber());
  await panel.getByRole('button', { name: /Guardar tarjeta|Reactivar mi suscripción/ }).click();
}

test.describe('Mi cuenta: her subscription', () => {
  test('cancels in one step, keeps access until the end date, gets the código de baja by mail, and reactivates', async ({
    page,
    request,
  }) => {
    const customer = await subscribedCustomer(request, 'baja');
    await signIn(page, customer.credentials);
    await page.goto(sectionPath);

    await expect(fact(page, 'Estado')).toContainText('Activa');
    await expect(fact(page, 'Plan')).toContainText('Plan Esencial');
    await expect(fact(page, 'Frecuencia')).toContainText('Anual');
    await expect(fact(page, 'Próximo cobro')).toContainText(longDate(customer.endDate));
    await expect(fact(page, 'Próximo cobro')).toContainText('95.040');
    await expect(fact(page, 'Tarjeta')).toContainText('Visa terminada en 3704');
    await expectNoSeriousA11yViolations(page);

    await section(page).getByRole('button', { name: 'Cancelar suscripción' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' });
    await expect(dialog).toContainText(`hasta el ${longDate(customer.endDate)}`);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Sí, cancelar mi suscripción' }).click();
    await expect(dialog).toBeHidden();

    await expect(fact(page, 'Estado')).toContainText(
      `Cancelada — acceso hasta el ${longDate(customer.endDate)}`,
    );
    const code = (await fact(page, 'Código de baja').locator('dd').textContent()) ?? '';
    expect(code).toMatch(/^BAJA-[A-Z2-9]{10}$/);
    await expect(section(page).getByRole('status').first()).toContainText(code);
    await expect(section(page).getByRole('button', { name: 'Cancelar suscripción' })).toHaveCount(0);

    const mail = await waitForMail(request, customer.email, 'Cancelaste tu suscripción');
    expect(mail.text).toContain(code);
    await page.goto(`/dev/correo?to=${encodeURIComponent(customer.email)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Cancelaste tu suscripción' })).toBeVisible();
    await expect(page.frameLocator('iframe').first().getByText(code, { exact: false })).toBeVisible();

    // Still subscribed until the end date: reactivate without paying until then.
    await page.goto(sectionPath);
    await section(page).getByRole('button', { name: 'Reactivar' }).click();
    await expect(page.getByRole('region', { name: 'Reactivá tu suscripción' })).toContainText(
      `el próximo cobro es el ${longDate(customer.endDate)}`,
    );
    // Her saved card is offered first (decision 0225); here she reactivates with another one.
    await page.getByRole('radio', { name: 'Usar otra tarjeta' }).check();
    await payWithCard(page, 'Reactivá tu suscripción');
    await expect(fact(page, 'Estado')).toHaveText(/Activa/);
    await expect(fact(page, 'Tarjeta')).toContainText('Mastercard terminada en 0604');
    // Issue 39: the next charge is the day and amount the provider will charge (the new agreement's
    // start), here and in Cobros y accesos.
    await expect(fact(page, 'Próximo cobro')).toContainText(longDate(customer.endDate));
    await expect(fact(page, 'Próximo cobro')).toContainText('95.040');
    await page.goto('/mi-cuenta/accesos');
    const [year, month, day] = customer.endDate.split('-');
    const agreement = page.getByRole('region', { name: 'Cobros y accesos', exact: true });
    await expect(agreement).toContainText(new RegExp(`${day}/${month}/${year} · \\$\\s95\\.040`));

    // "Cambiar de plan" starts from her plan and frequency: the annual tab, her Esencial annual as
    // hers, no free trial offered, and what a change costs today and from when.
    await page.goto(sectionPath);
    await section(page).getByRole('link', { name: 'Cambiar de plan' }).click();
    const plans = page.getByRole('region', { name: 'Elegí tu plan' });
    await expect(plans.getByRole('tab', { name: /^Anual/ })).toHaveAttribute('aria-selected', 'true');
    await expect(plans.getByRole('button', { name: 'Tu plan actual: Esencial' })).toBeVisible();
    await expect(plans.getByRole('button', { name: 'Cambiar a este plan: Oro' })).toBeVisible();
    await expect(plans).not.toContainText('PRUEBA GRATIS');
    await expect(plans.locator('article[data-plan="plan-oro"]')).toContainText(/Hoy pagás \$\s134\.100/);
    await expectNoSeriousA11yViolations(page);
  });

  test('changes the card the subscription is charged to', async ({ page, request }) => {
    const customer = await subscribedCustomer(request, 'tarjeta');
    await signIn(page, customer.credentials);
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto(sectionPath);
    await expect(fact(page, 'Tarjeta')).toContainText('Visa terminada en 3704');
    await section(page).getByRole('button', { name: 'Cambiar tarjeta' }).click();
    await expect(page.getByRole('region', { name: 'Tu nueva tarjeta' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await payWithCard(page, 'Tu nueva tarjeta');
    await expect(section(page).getByRole('status').first()).toContainText('nueva tarjeta');
    await expect(fact(page, 'Tarjeta')).toContainText('Mastercard terminada en 0604');
    await expect(fact(page, 'Estado')).toContainText('Activa');
  });

  test('a refused renewal shows the banner and mails her; a new card pays it and she is active again', async ({
    page,
    request,
  }) => {
    const customer = await subscribedCustomer(request, 'morosa');
    const state = (await (await request.get('/sandbox/mercadopago/_control/state')).json()) as {
      preapprovals: Record<string, { resource: { id: string; payer_email: string; status: string } }>;
    };
    const preapproval = Object.values(state.preapprovals).find(
      (p) => p.resource.payer_email === customer.email && p.resource.status === 'authorized',
    );
    expect(preapproval).toBeTruthy();
    const refused = await request.post(
      `/sandbox/mercadopago/_control/preapproval/${preapproval?.resource.id}/charge`,
      {
        data: { outcome: 'rejected' },
      },
    );
    expect(refused.status(), await refused.text()).toBe(200);
    const mail = await waitForMail(request, customer.email, 'No pudimos cobrar tu suscripción');
    expect(mail.text).toContain('/mi-cuenta/suscripcion');

    await signIn(page, customer.credentials);
    await page.goto('/academy');
    const banner = page.getByRole('complementary', { name: 'Pago pendiente' });
    await expect(banner).toContainText('No pudimos cobrar tu suscripción');
    await expectNoSeriousA11yViolations(page);
    await banner.getByRole('link', { name: 'Ir a Mi suscripción' }).click();
    await expect(page).toHaveURL(new RegExp(`${sectionPath}$`));
    await expect(fact(page, 'Estado')).toContainText('Pago pendiente');
    await expectNoSeriousA11yViolations(page);

    await section(page).getByRole('button', { name: 'Cambiar tarjeta' }).click();
    await payWithCard(page, 'Tu nueva tarjeta');
    await expect(section(page).getByRole('status').first()).toContainText('está activa otra vez');
    await expect(fact(page, 'Estado')).toContainText('Activa');
    await expect(banner).toBeHidden();
  });
});
