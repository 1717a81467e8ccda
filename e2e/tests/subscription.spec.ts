import {
  type APIRequestContext,
  expect as baseExpect,
  type Page,
  type Request,
  test,
} from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiLogin, newCustomer, password, signIn, uniqueEmail } from './support/accounts';
import { cardToken, fillCard } from './support/cards';

/*
 * Subscriptions (issue 6, web part) in Chromium against the built app, its API and the Mercado
 * Pago emulator on the same origin (the card form loads the emulator's window.MercadoPago
 * stand-in from /sandbox/mercadopago/js/v2). The cardholder name picks the outcome: APRO approves,
 * FUND is refused for insufficient funds.
 */

// Pages wait for several calls (flags, plans, user, status, MercadoPago.js): give them time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
// A purchase walks through several pages and a real (emulated) charge.
test.describe.configure({ timeout: 90_000 });

const paidCourse = { id: 'presupuesto-mensual', name: 'Tu presupuesto mensual en una hora' };
// After two refused cards: a page of the product, not an outside address (issue 20).
const otherWaysToPay = /\/compra\/otras-formas-de-pago\?plan=plan-esencial&frecuencia=annual$/;
const emulator = '/sandbox/mercadopago';

/** A card subscription paid through the API (card token from the emulator, as the browser gets it). */
/** The server's count of her refused card attempts for Plan Esencial. */
async function attemptsOf(request: APIRequestContext, token: string) {
  const res = await request.get(
    '/api/users/payment/attempts?purchaseType=SUBSCRIPTION_PURCHASE&productId=plan-esencial',
    { headers: { authorization: `Bearer ${token}` } },
  );
  return res.json();
}

async function subscribeThroughApi(
  request: APIRequestContext,
  token: string,
  plan: string,
  frequency: 'monthly' | 'annual',
) {
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      subscriptionPlanName: plan,
      subscriptionPlanFrequency: frequency,
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Every tracking event the page sends, in order. */
function recordEvents(page: Page) {
  const events: { event: string; properties?: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/users/analytic') && request.method() === 'POST') {
      events.push(request.postDataJSON() as { event: string; properties?: Record<string, unknown> });
    }
  });
  return {
    names: () => events.map((e) => e.event),
    find: (name: string) => events.find((e) => e.event === name),
  };
}

// The plans are a page of their own (issue 20): a region named by its heading.
const planList = (page: Page) => page.getByRole('region', { name: 'Elegí tu plan' });
const checkoutHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Finalizá tu suscripción' });

test.describe('subscription purchase', () => {
  test('a new visitor picks a plan, registers at identification, pays with APRO and gets subscriber access', async ({
    page,
  }) => {
    const events = recordEvents(page);
    const email = uniqueEmail('subscribe');

    await page.goto('/compra/suscripcion?utm=mail');
    await expect(page).toHaveURL(/\/compra\/suscripcion\?utm=mail$/);
    const plans = planList(page);
    await expect(plans).toBeVisible();
    await expect(plans.getByRole('tab', { name: 'Mensual' })).toHaveAttribute('aria-selected', 'true');
    // The annual tab shows the highest annual discount of the demo plans (Platino, 30 %).
    await expect(plans.getByRole('tab', { name: 'Anual hasta 30% OFF' })).toBeVisible();
    const cards = plans.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Esencial', 'Oro', 'Platino']);
    await expect(cards.nth(0)).toContainText('¡7 DÍAS DE PRUEBA GRATIS!');
    await expect(cards.nth(1)).toContainText('Recomendado');
    await expect(cards.nth(1)).toContainText('20% OFF');
    await expect(cards.nth(1)).toContainText('$ 11.900');
    await expect(plans.getByRole('button', { name: 'Quiero este plan: Oro' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Keyboard: the arrow keys move between the tabs.
    await plans.getByRole('tab', { name: 'Mensual' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(plans.getByRole('tab', { name: /Anual/ })).toHaveAttribute('aria-selected', 'true');
    await expect(cards.nth(2)).toContainText('¡1 MES DE PRUEBA GRATIS!');
    await page.keyboard.press('ArrowLeft');
    await expect(plans.getByRole('tab', { name: 'Mensual' })).toBeFocused();

    await plans.getByRole('button', { name: 'Quiero este plan: Oro' }).click();
    // The address names the plan by its id, not its display name.
    await expect(page).toHaveURL(/\/compra\/suscripcion\/identificacion\/plan-oro\/monthly$/);
    // Events are posted when the browser is idle, shortly after the action.
    await expect
      .poll(() => events.find('subscription_button_clicked')?.properties)
      .toMatchObject({
        plan: 'Plan Oro',
        frequency: 'monthly',
        destination: 'identification',
      });

    // Identification: the Argentina-only note (not a blocking dialog), then register (the default)
    // with the checkout source.
    await expect(page.getByRole('complementary', { name: 'Importante' })).toContainText(
      'solo para Argentina',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Creá tu cuenta para suscribirte' }),
    ).toBeVisible();
    await expect(page.getByText(/Elegiste el plan Oro \(mensual, \$\s11\.900 por mes\)/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Switching forms clears the other form's error.
    await page.getByRole('button', { name: 'Ya tengo cuenta' }).click();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Incorrecta123');
    await page.getByRole('button', { name: 'Ingresar y continuar' }).click();
    await expect(page.getByRole('alert')).toContainText('Los datos son incorrectos');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ya tengo cuenta' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await page.getByLabel('Nombre').fill('Ana');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Confirmá tu correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('11 2345 6789');
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Crear cuenta y continuar' }).click();

    // Logged in automatically (source 'checkout') and on to the checkout.
    await expect(page).toHaveURL(/\/compra\/suscripcion\/plan-oro\/monthly$/);
    await expect(checkoutHeading(page)).toBeVisible();
    await expect.poll(() => events.find('logged_in')?.properties).toMatchObject({ source: 'checkout' });
    const summary = page.getByRole('region', { name: 'Resumen de tu compra' });
    await expect(summary).toContainText('Oro');
    await expect(summary).toContainText('Mensual');
    await expect(summary).toContainText('$ 14.900');
    await expect(summary.getByText('Total hoy')).toBeVisible();
    await expect(summary).toContainText('$ 11.900');
    // Ley 24.240 art. 34 beside the price (issue 28): from the first charge, classes watched not discounted
    await expect(
      page.getByRole('complementary', { name: 'Tenés 10 días corridos para arrepentirte' }),
    ).toContainText(/desde el primer cobro.*aunque ya hayas visto clases/);
    await expect(page.getByRole('link', { name: /Escribinos por WhatsApp/ })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
    await expectNoSeriousA11yViolations(page);

    await fillCard(page, 'APRO');
    const paid = page.waitForResponse('**/api/users/mercadopago/suscription');
    await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
    expect((await paid).status()).toBe(200);
    const success = page.getByRole('dialog', { name: '¡Listo! Tu suscripción está activa' });
    await expect(success).toBeVisible();
    await expect(success).toContainText('Ya tenés acceso a todos los cursos del plan Oro.');
    await expect
      .poll(() => events.names())
      .toEqual(
        expect.arrayContaining([
          'subscription_modal',
          'subscription_checkout_view',
          'shop_checkout_submit',
          'subscription_checkout_submit',
          'subscription_checkout_success',
        ]),
      );

    await success.getByRole('button', { name: 'Ir a la academia' }).click();
    await expect(page).toHaveURL(/\/academy$/);
    // Subscriber access: the paid course is no longer locked, and it opens.
    const course = page.getByRole('link', { name: paidCourse.name, exact: true }).first();
    await expect(course).toBeVisible();
    await page.goto(`/academy/${paidCourse.id}`);
    await expect(page).toHaveURL(new RegExp(`/academy/${paidCourse.id}`));
    await expect(page.getByRole('complementary', { name: 'Contenido del curso' })).toContainText(
      paidCourse.name,
    );

    // The plan list now marks her plan.
    await page.goto('/compra/suscripcion');
    await expect(planList(page).getByRole('button', { name: 'Tu plan actual: Oro' })).toBeVisible();
    await expect(planList(page).getByRole('button', { name: 'Cambiar a este plan: Platino' })).toBeVisible();
    await expect(planList(page).getByRole('button', { name: 'Quiero este plan: Esencial' })).toBeVisible();
  });

  test('a refused card (FUND) shows the insufficient-funds message; the second failure ends the flow', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'fund');
    await signIn(page, credentials);
    const payments: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/mercadopago/suscription')) payments.push(r.method());
    });
    await page.goto('/compra/suscripcion/Plan%20Esencial/annual');
    await expect(checkoutHeading(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resumen de tu compra' })).toContainText('$ 95.040');

    // An empty form: every field says what is missing and the first one gets the focus.
    await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
    await expect(page.getByText('Ingresá el número de tu tarjeta.')).toBeVisible();
    await expect(page.getByLabel('Número de tarjeta')).toBeFocused();
    await expect(page.getByText('Ingresá el código de seguridad.')).toBeVisible();

    await fillCard(page, 'FUND');
    // Enter in a field of the card form does not pay.
    await page.getByLabel('Número de documento').press('Enter');
    await page.waitForTimeout(500);
    expect(payments).toEqual([]);

    await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
    const refused = page.getByRole('dialog', { name: 'Tu pago fue rechazado' });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('Tu tarjeta no tiene fondos suficientes para este pago.');
    await expectNoSeriousA11yViolations(page);
    expect(await attemptsOf(request, credentials.accessToken)).toMatchObject({ refusedAttempts: 1 });
    await refused.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect(refused).toBeHidden();
    await expect(page.getByLabel('Código de seguridad')).toHaveValue('');

    // The counter survives a reload: the next failure is the last one.
    await page.reload();
    await expect(checkoutHeading(page)).toBeVisible();
    await fillCard(page, 'FUND');
    await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
    const exhausted = page.getByRole('dialog', { name: 'No pudimos procesar tu pago' });
    await expect(exhausted).toBeVisible();
    await expect(exhausted).toContainText('Ya usaste los intentos de pago con tarjeta.');
    expect(await attemptsOf(request, credentials.accessToken)).toMatchObject({ exhausted: true });
    await exhausted.getByRole('button', { name: 'Ver otras formas de pago' }).click();
    await expect(page).toHaveURL(otherWaysToPay);
    await expect(page.getByRole('heading', { level: 1, name: 'Otras formas de pago' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Transferencia bancaria' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Página de pago de Mercado Pago' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Hablá con nuestro equipo' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(payments).toEqual(['POST', 'POST']);

    // The flow has ended for this plan on the server too: back on the checkout, it says so at once.
    await page.goto('/compra/suscripcion/Plan%20Esencial/annual');
    await expect(page.getByRole('dialog', { name: 'No pudimos procesar tu pago' })).toBeVisible();
  });

  test('a subscriber upgrades to a heavier plan and sees the refund notice; a lighter plan is guarded', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'upgrade');
    await subscribeThroughApi(request, credentials.accessToken, 'Plan Oro', 'monthly');
    await signIn(page, credentials);

    // The upgrade guard: her plan or a lighter one cannot be bought again.
    await page.goto('/compra/suscripcion/Plan%20Esencial/monthly');
    const guard = page.getByRole('dialog', { name: 'Ya tenés este plan o uno superior' });
    await expect(guard).toBeVisible();
    await expect(guard).toContainText(
      'Tu suscripción actual (Plan Oro) ya incluye todo lo del plan Esencial.',
    );
    await guard.getByRole('button', { name: 'Ver planes' }).click();

    const plans = planList(page);
    await expect(plans.getByRole('button', { name: 'Tu plan actual: Oro' })).toBeVisible();
    await plans.getByRole('button', { name: 'Cambiar a este plan: Platino' }).click();
    await expect(page).toHaveURL(/\/compra\/suscripcion\/plan-platino\/monthly$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cambiá tu plan' })).toBeVisible();
    await expect(page.getByText('Vas a cambiar tu plan Plan Oro por el plan Platino.')).toBeVisible();

    await fillCard(page, 'APRO');
    await page.getByRole('button', { name: 'Confirmar el cambio de plan' }).click();
    const done = page.getByRole('dialog', { name: '¡Listo! Cambiaste de plan' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('Ya te devolvimos la parte que no usaste de tu plan anterior.');
  });

  test('when the upgrade refund fails, the notice says it comes within 10 business days', async ({
    page,
    request,
  }) => {
    const { email, credentials } = await newCustomer(request, 'refund');
    await subscribeThroughApi(request, credentials.accessToken, 'Plan Esencial', 'annual');
    await signIn(page, credentials);
    // Her payment's refund fails once (a fault on its own path: another test's refund, running at
    // the same time, goes through).
    const state = (await (await request.get(`${emulator}/_control/state`)).json()) as {
      payments: Record<string, { id: number; payer: { email: string | null } }>;
    };
    const paid = Object.values(state.payments).filter((payment) => payment.payer.email === email);
    expect(paid).toHaveLength(1);
    const fault = await request.post(`${emulator}/_control/faults`, {
      data: { status: 400, method: 'POST', path: `/v1/payments/${paid[0]?.id}/refunds` },
    });
    expect(fault.status(), await fault.text()).toBe(201);

    await page.goto('/compra/suscripcion/Plan%20Oro/annual');
    await expect(page.getByRole('heading', { level: 1, name: 'Cambiá tu plan' })).toBeVisible();
    await fillCard(page, 'APRO');
    await page.getByRole('button', { name: 'Confirmar el cambio de plan' }).click();
    const done = page.getByRole('dialog', { name: '¡Listo! Cambiaste de plan' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('dentro de los próximos 10 días hábiles');
  });

  test('an account outside Argentina is sent to the plan list’s Argentina-only panel', async ({
    page,
    request,
  }) => {
    await signIn(page, await apiLogin(request, 'mexico@alcancia.local'));
    await page.goto('/compra/suscripcion/Plan%20Oro/monthly');
    await expect(page).toHaveURL(/\/compra\/suscripcion$/);
    const panel = page.getByRole('region', { name: 'La suscripción desde la web es solo para Argentina' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: /App Store/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Quiero este plan/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('subscription promo codes and entries', () => {
  test('the promo link asks a visitor to log in, then a free period shows its end date', async ({
    page,
    request,
  }) => {
    const { email } = await newCustomer(request, 'promo');
    const events = recordEvents(page);

    await page.goto('/compra/suscripcion');
    await planList(page).getByRole('button', { name: '¿Tenés un código promocional?' }).click();
    const login = page.getByRole('dialog', { name: 'Iniciá sesión para usar tu código' });
    await expect(login).toBeVisible();
    await login.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();

    // Back with promoCodeOpen=true: the code form opens by itself.
    await expect(page).toHaveURL(/\/compra\/suscripcion\?promoCodeOpen=true$/);
    const form = page.getByRole('dialog', { name: 'Usá tu código promocional' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Usar código' }).click();
    await expect(form.getByText('Ingrese el código')).toBeVisible();
    await form.getByLabel('Código promocional').fill('VENCIDO');
    await form.getByRole('button', { name: 'Usar código' }).click();
    await expect(form.getByText('Este código ya venció.')).toBeVisible();
    await form.getByLabel('Código promocional').fill('BIENVENIDA30');
    await form.getByRole('button', { name: 'Usar código' }).click();
    const granted = page.getByRole('dialog', { name: '¡Tu código fue activado!' });
    await expect(granted).toBeVisible();
    await expect(granted).toContainText(/hasta el \d{1,2} de [a-z]+ de \d{4}/);
    await expect.poll(() => events.names()).toEqual(expect.arrayContaining(['academy_promoCode_link_click']));

    // Closing goes home with a reload: the academy, now with access.
    await granted.getByRole('button', { name: 'Empezar a aprender' }).click();
    await expect(page).toHaveURL(/\/academy$/);
  });

  test('a discount coupon from the legacy entry is applied to the plans and the checkout', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'coupon');
    await signIn(page, credentials);

    // The legacy entry keeps the query string; the code arrives as an entry parameter.
    await page.goto('/suscripcion?promoCode=DESCUENTO20');
    await expect(page).toHaveURL(/\/compra\/suscripcion\?promoCode=DESCUENTO20$/);
    const plans = planList(page);
    await expect(plans.getByText('Tu código promocional fue aplicado')).toBeVisible();
    await expect(plans.getByRole('button', { name: '¿Tenés un código promocional?' })).toHaveCount(0);
    await expect(plans.getByRole('article').nth(2)).toContainText('$ 19.920');

    await plans.getByRole('button', { name: 'Quiero este plan: Platino' }).click();
    await expect(checkoutHeading(page)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Resumen de tu compra' });
    await expect(summary).toContainText('Descuento con DESCUENTO20 (20%)');
    await expect(summary).toContainText('$ 19.920');

    // A code that does not cover this plan: said next to the field (no dialog); the price stays.
    await page.getByRole('button', { name: 'Quitar el código' }).click();
    await page.getByRole('button', { name: '¿Tenés un código promocional?' }).click();
    const field = page.getByRole('textbox', { name: 'Código promocional' });
    await field.fill('ORO50');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(field).toHaveAccessibleDescription(
      /El código promocional no es válido para este plan y\/o frecuencia de pago\.$/,
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(field).toHaveValue('ORO50');
    await expect(summary).toContainText('$ 24.900');
  });

  test('the public plan entry shows that plan and leads a visitor to identification', async ({ page }) => {
    await page.goto('/suscripcion/plan-platino');
    await expect(page.getByRole('heading', { level: 1, name: 'Plan Platino' })).toBeVisible();
    await page.getByRole('tab', { name: /Anual/ }).click();
    await expect(page.getByRole('article')).toContainText('¡1 MES DE PRUEBA GRATIS!');
    await page.getByRole('button', { name: 'Quiero este plan: Platino' }).click();
    await expect(page).toHaveURL(/\/compra\/suscripcion\/identificacion\/plan-platino\/annual$/);

    await page.goto('/suscripcion/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'No encontramos este plan' })).toBeVisible();
  });

  test('the checkout fits 320 px without horizontal scrolling', async ({ page, request }) => {
    const { credentials } = await newCustomer(request, 'narrow');
    await signIn(page, credentials);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/compra/suscripcion/Plan%20Oro/monthly');
    await expect(checkoutHeading(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.goto('/compra/suscripcion');
    await expect(planList(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });
});

test.describe('entries from the mobile app', () => {
  test('a subscriber sent to identification sees the USER_IS_SUBSCRIBER panel', async ({ page }) => {
    await page.goto('/compra/suscripcion/identificacion/Plan%20Oro/monthly?isSubscribed=true&fromApp=true');
    const panel = page.getByRole('region', { name: 'Ya tenés una suscripción activa' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Ya tengo cuenta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Ingresar y continuar' })).toBeVisible();
  });

  test('the success screen offers the way back to the app and clears the return info', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'success');
    await signIn(page, credentials);
    await page.evaluate(() =>
      localStorage.setItem(
        'appReturnInfo',
        JSON.stringify({ fromApp: true, deeplinkToReturn: 'alcancia://academy/presupuesto-mensual' }),
      ),
    );
    await page.goto('/suscripcion-exitosa');
    await expect(page.getByRole('heading', { level: 1, name: '¡Tu suscripción está activa!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Volver a la app' })).toBeVisible();
    await page.getByRole('button', { name: 'Ir a la academia' }).click();
    await expect(page).toHaveURL(/\/academy$/);
    expect(await page.evaluate(() => localStorage.getItem('appReturnInfo'))).toBeNull();
  });
});
