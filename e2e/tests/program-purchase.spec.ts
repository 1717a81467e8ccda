import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiLogin, newCustomer, password, signIn, uniqueEmail } from './support/accounts';
import { buyProgramByCard, cardForm, cardToken, fillCard } from './support/cards';
import { waitForMail } from './support/mailbox';

/*
 * Program purchases (issue 7, web part) in Chromium against the built app, its API and the Mercado
 * Pago emulator on the same origin. The cardholder name picks the outcome: APRO approves, FUND is
 * refused for insufficient funds. Every card gets 1 and 3 installments interest-free from the
 * emulator, 6 at 20 %.
 */

// Pages wait for several calls (user, preview, provider, MercadoPago.js): give them time on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });
// A purchase walks through several pages and a real (emulated) charge.
test.describe.configure({ timeout: 90_000 });

const inversora = { id: 'programa-inversora-inteligente', name: 'Programa Inversora Inteligente' };
/** ONLY_UNSUBSCRIBERS, at most 3 installments, with its own declined-payment form. */
const chauDeudas = {
  id: 'programa-chau-deudas',
  form: 'https://forms.example.com/alcancia/pago-rechazado?programa=programa-chau-deudas',
};
/** ONLY_SUBSCRIBERS, sold through the redirect provider (HOSTED). */
const libertad = { id: 'programa-libertad-financiera', name: 'Programa Libertad Financiera' };
const checkoutPath = (id: string) => `/compra/programa/${id}`;
const coursePage = (id: string) => new RegExp(`/academy/${id}(/[^/?]+)?$`);

/** A monthly Plan Oro subscription paid through the API. */
async function subscribeThroughApi(request: APIRequestContext, token: string) {
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      subscriptionPlanName: 'Plan Oro',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

const checkoutHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Comprá tu programa' });

/** The options the selector offers once the card's first digits are known. */
async function installmentOptions(page: Page): Promise<string[]> {
  const select = cardForm(page).getByLabel('Cuotas');
  await expect(select).toBeEnabled();
  return (await select.locator('option').allTextContents()).map((text) => text.replace(/\s/g, ' '));
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe('program purchase', () => {
  test('a non-subscriber buys a program in 3 installments, starts it from /programas and continues it', async ({
    page,
    request,
  }) => {
    const { email, credentials } = await newCustomer(request, 'program');
    await signIn(page, credentials);
    const payments: { installments?: number; programId?: string; cardDetails?: unknown }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/mercadopago/payment/program') && r.method() === 'POST') {
        payments.push(r.postDataJSON());
      }
    });

    // From the program list's card to the checkout.
    await page.goto('/programas');
    await page.getByRole('link', { name: `Comprar ahora: ${inversora.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`${checkoutPath(inversora.id)}$`));
    await expect(checkoutHeading(page)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Resumen de tu compra' });
    await expect(summary).toContainText(inversora.name);
    await expect(summary).toContainText(/Precio regular\s*\$\s120\.000/);
    await expect(summary).toContainText(/Descuento \(26%\)/);
    await expect(summary).toContainText(/Total\s*\$\s89\.000/);
    // The configured program offers the bank transfer to Argentine users.
    await expect(page.getByRole('link', { name: /Pagá en cuotas sin interés/ })).toBeVisible();
    // Until the card number is there, there is nothing to choose.
    await expect(cardForm(page).getByLabel('Cuotas')).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await fillCard(page, 'APRO');
    const options = await installmentOptions(page);
    expect(options).toEqual([
      'Elegí la cantidad de cuotas',
      '1 pago de $ 89.000',
      '3 cuotas sin interés de $ 29.666,67',
      '6 cuotas de $ 17.800 (total $ 106.800, CFTEA 91,20 %)',
    ]);

    // No choice: the error on blur, and the purchase is blocked.
    await cardForm(page).getByLabel('Cuotas').focus();
    await cardForm(page).getByLabel('Número de documento').focus();
    await expect(cardForm(page).getByText('Elegí una opción para avanzar')).toBeVisible();
    // Enter in a field of the card form does not pay.
    await cardForm(page).getByLabel('Número de documento').press('Enter');
    await page.getByRole('button', { name: 'Pagar programa' }).click();
    await expect(cardForm(page).getByLabel('Cuotas')).toBeFocused();
    await page.waitForTimeout(500);
    expect(payments).toEqual([]);

    // Financed (issue 28): the cash price, each cuota, TNA, CFTEA and the total financed
    await cardForm(page).getByLabel('Cuotas').selectOption({ index: 3 });
    await expect(summary).toContainText(/Precio de contado\s*\$\s89\.000/);
    await expect(summary).toContainText(/Cuotas\s*6 × \$\s17\.800/);
    await expect(summary).toContainText(/TNA\s*66,57\s%/);
    await expect(summary).toContainText(/CFTEA\s*91,20\s%/);
    await expect(summary).toContainText(/Total financiado\s*\$\s106\.800/);
    await expect(summary).not.toContainText('sin interés');
    await cardForm(page).getByLabel('Cuotas').selectOption({ label: '3 cuotas sin interés de $ 29.666,67' });
    await expect(cardForm(page).getByText('Elegí una opción para avanzar')).toHaveCount(0);
    await expect(summary).toContainText(/3 × \$\s29\.666,67 sin interés/);
    await expect(summary).toContainText(/CFTEA\s*0,00\s%/);
    // Ley 24.240 art. 34, highlighted beside the price; on a phone the price comes before the card form
    await expect(
      page.getByRole('complementary', { name: 'Tenés 10 días corridos para arrepentirte' }),
    ).toContainText('aunque ya hayas visto clases');
    await page.setViewportSize({ width: 375, height: 812 });
    const summaryTop = (await summary.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(summaryTop).toBeLessThan((await cardForm(page).boundingBox())?.y ?? 0);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 720 });
    const paid = page.waitForResponse('**/api/users/mercadopago/payment/program');
    await page.getByRole('button', { name: 'Pagar programa' }).click();
    expect((await paid).status()).toBe(200);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ programId: inversora.id, installments: 3 });
    const success = page.getByRole('dialog', { name: '¡Listo! Ya tenés tu programa' });
    await expect(success).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await success.getByRole('button', { name: 'Ir al programa' }).click();
    await expect(page).toHaveURL(coursePage(inversora.id));
    // Her confirmation mail (decision 88): what she paid and until when she may withdraw.
    const confirmation = await waitForMail(request, email, `Confirmamos tu compra: ${inversora.name}`);
    expect(confirmation.text).toMatch(
      /Pagaste 3 cuotas sin interés de \$\s29\.666,67 \(total \$\s89\.000,00\) con la tarjeta terminada en \d{4}/,
    );
    expect(confirmation.text).toContain('(10 días corridos)');

    // The program list: 'Comenzar' starts the course and opens it; then it is 'Continuar'.
    await page.goto('/programas');
    const start = page.getByRole('button', { name: `Comenzar ${inversora.name}` });
    await expect(start).toBeVisible();
    await start.click();
    await expect(page).toHaveURL(coursePage(inversora.id));
    await expect(page.getByRole('complementary', { name: 'Contenido del curso' })).toContainText(
      inversora.name,
    );
    await page.goto('/programas');
    await expect(page.getByRole('link', { name: `Continuar: ${inversora.name}` })).toBeVisible();

    // Bought: the checkout says so and sends her to the course.
    await page.goto(checkoutPath(inversora.id));
    const owned = page.getByRole('dialog', { name: '¡Ya lo compraste!' });
    await expect(owned).toBeVisible();
    await owned.getByRole('button', { name: 'Ir al programa' }).click();
    await expect(page).toHaveURL(coursePage(inversora.id));
    expect(payments).toHaveLength(1);
  });

  test('a refused card (FUND), then a second failure after a reload, ends at the program’s own form', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'program-fund');
    await signIn(page, credentials);
    await page.route(`${chauDeudas.form}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Formulario</title><h1>Formulario</h1>' }),
    );

    await page.goto(checkoutPath(chauDeudas.id));
    await expect(checkoutHeading(page)).toBeVisible();
    await fillCard(page, 'FUND');
    // At most 3 installments for this program.
    expect(await installmentOptions(page)).toEqual([
      'Elegí la cantidad de cuotas',
      '1 pago de $ 45.000',
      '3 cuotas sin interés de $ 15.000',
    ]);
    await cardForm(page).getByLabel('Cuotas').selectOption({ label: '1 pago de $ 45.000' });
    await page.getByRole('button', { name: 'Pagar programa' }).click();
    const refused = page.getByRole('dialog', { name: 'Tu pago fue rechazado' });
    await expect(refused).toContainText('Tu tarjeta no tiene fondos suficientes para este pago.');
    await refused.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await expect(refused).toBeHidden();
    await expect(cardForm(page).getByLabel('Código de seguridad')).toHaveValue('');

    // The counter survives a reload: the next failure is the last one.
    await page.reload();
    await expect(checkoutHeading(page)).toBeVisible();
    await fillCard(page, 'FUND');
    await installmentOptions(page);
    await cardForm(page).getByLabel('Cuotas').selectOption({ label: '3 cuotas sin interés de $ 15.000' });
    await page.getByRole('button', { name: 'Pagar programa' }).click();
    const exhausted = page.getByRole('dialog', { name: 'No pudimos procesar tu pago' });
    await expect(exhausted).toContainText('Ya usaste los intentos de pago con tarjeta.');
    await expectNoSeriousA11yViolations(page);
    await exhausted.getByRole('button', { name: 'Ir al formulario de pago' }).click();
    await expect(page).toHaveURL(chauDeudas.form);
  });

  test('a refused subscription payment does not make the first refused program payment final', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'two-checkouts');
    await signIn(page, credentials);
    await page.goto('/compra/suscripcion/Plan%20Esencial/annual');
    await fillCard(page, 'FUND');
    await page.getByRole('button', { name: 'Pagar y suscribirme' }).click();
    await expect(page.getByRole('dialog', { name: 'Tu pago fue rechazado' })).toBeVisible();

    await page.goto(checkoutPath(chauDeudas.id));
    await expect(checkoutHeading(page)).toBeVisible();
    await fillCard(page, 'OTHE');
    await installmentOptions(page);
    await cardForm(page).getByLabel('Cuotas').selectOption({ label: '1 pago de $ 45.000' });
    await page.getByRole('button', { name: 'Pagar programa' }).click();
    // The program's own first refusal: she may try again.
    const refused = page.getByRole('dialog', { name: 'Tu pago fue rechazado' });
    await expect(refused).toBeVisible();
    await expect(refused.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'No pudimos procesar tu pago' })).toHaveCount(0);
  });

  test('an account outside Argentina is sent to the plan list', async ({ page, request }) => {
    await signIn(page, await apiLogin(request, 'mexico@alcancia.local'));
    await page.goto(checkoutPath(inversora.id));
    await expect(page).toHaveURL(/\/compra\/suscripcion$/);
    await expect(
      page.getByRole('region', { name: 'La suscripción desde la web es solo para Argentina' }),
    ).toBeVisible();
  });

  test('preview errors: an unknown program and a closed sale lead to the program list', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'program-errors');
    await signIn(page, credentials);

    await page.goto(checkoutPath('no-existe'));
    const missing = page.getByRole('dialog', { name: 'Programa no encontrado' });
    await expect(missing).toBeVisible();
    await missing.getByRole('button', { name: 'Ver programas' }).click();
    await expect(page).toHaveURL(/\/programas$/);

    // Programa Orden Total's sale window closed five days ago.
    await page.goto(checkoutPath('programa-orden-total'));
    const closed = page.getByRole('dialog', { name: 'Este programa no está a la venta' });
    await expect(closed).toContainText('La inscripción ya cerró.');
    await closed.getByRole('button', { name: 'Ver programas' }).click();
    await expect(page).toHaveURL(/\/programas$/);
  });
});

test.describe('identification before a program purchase', () => {
  test('a visitor registers at identification and lands on the checkout, which fits 320 px', async ({
    page,
  }) => {
    const email = uniqueEmail('program-visitor');
    await page.goto(`/compra/programa/identificacion/${inversora.id}`);
    // The Argentina-only note sits above the forms: no dialog blocks them (issue 20).
    await expect(page.getByRole('complementary', { name: 'Importante' })).toContainText(
      'solo para Argentina',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Creá tu cuenta para comprar el programa' }),
    ).toBeVisible();
    await expect(
      page.getByText(/Elegiste Programa Inversora Inteligente \(\$\s89\.000, hasta en 6 cuotas\)/),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 320, height: 700 });
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Nombre').fill('Ana');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
    await page.getByLabel('Confirmá tu correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('11 2345 6789');
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Crear cuenta y continuar' }).click();

    // Logged in automatically (source 'checkout') and on to the checkout.
    await expect(page).toHaveURL(new RegExp(`${checkoutPath(inversora.id)}$`));
    await expect(checkoutHeading(page)).toBeVisible();
    await expect(cardForm(page).getByLabel('Número de tarjeta')).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // A logged-in visitor of the identification step is forwarded to the checkout.
    await page.goto(`/compra/programa/identificacion/${inversora.id}`);
    await expect(page).toHaveURL(new RegExp(`${checkoutPath(inversora.id)}$`));
  });
});

test.describe('identification before a program purchase, from the app', () => {
  test("the preview is asked with the app's entry parameters when there is no session", async ({ page }) => {
    const preview = page.waitForRequest((req) =>
      req.url().includes(`/api/academy/program-preview/${inversora.id}`),
    );
    await page.goto(`/compra/programa/identificacion/${inversora.id}?isSubscribed=true&countryCode=uy`);
    const url = new URL((await preview).url());
    expect(url.searchParams.get('isSubscribed')).toBe('true');
    expect(url.searchParams.get('countryCode')).toBe('UY');
  });
});

test.describe('a bought pack', () => {
  test('opens the list of the programs and courses it holds, each one opening in the viewer', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'pack-buyer');
    await buyProgramByCard(request, credentials.accessToken, 'pack-inversion-completa');
    await signIn(page, credentials);
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/programas');
    const card = page.getByRole('article').filter({ hasText: 'Pack Inversión Completa' });
    await card.getByText('Comenzar', { exact: true }).click();
    await expect(page).toHaveURL(/\/academy\/pack-inversion-completa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pack Inversión Completa' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Qué incluye' })).toBeVisible();
    const program = page.getByRole('link', { name: /Programa Inversora Inteligente/ });
    await expect(program).toHaveAttribute('href', '/academy/programa-inversora-inteligente');
    await expect(page.getByRole('link', { name: /Programa Libertad Financiera/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /CEDEARs/ })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Each item opens: its overview, then its first class (the pack gave access to it).
    await program.click();
    await expect(page).toHaveURL(/\/academy\/programa-inversora-inteligente$/);
    await expect(page.getByRole('link', { name: 'Volver a Programas y Packs' })).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Comenzar el curso' }).click();
    await expect(page).toHaveURL(/\/academy\/programa-inversora-inteligente\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('the purchase success screen', () => {
  test('needs a program, offers the way back to the app, and clears the return info on the way out', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'program-success');
    await buyProgramByCard(request, credentials.accessToken, inversora.id);
    await signIn(page, credentials);

    // Without programId or programDiscountId there is nothing to confirm.
    await page.goto('/compra-exitosa');
    await expect(page).toHaveURL(/\/programas$/);

    await page.evaluate(() =>
      localStorage.setItem(
        'appReturnInfo',
        JSON.stringify({
          fromApp: true,
          deeplinkToReturn: 'alcancia://academy/programa-inversora-inteligente',
        }),
      ),
    );
    await page.goto(`/compra-exitosa?programId=${inversora.id}`);
    await expect(page.getByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeVisible();
    await expect(page.getByText(`${inversora.name} ya es tuyo.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Volver a la app' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Ver Programas & Packs' }).click();
    await expect(page).toHaveURL(/\/programas$/);
    expect(await page.evaluate(() => localStorage.getItem('appReturnInfo'))).toBeNull();

    // Not from the app: continue opens the program.
    await page.goto(`/compra-exitosa?programId=${inversora.id}`);
    await page.getByRole('button', { name: 'Ir al programa' }).click();
    await expect(page).toHaveURL(coursePage(inversora.id));
  });
});

test.describe('program promo codes', () => {
  test('a discount code lowers the price; a rejected one says why; a FREE code gives the program away', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'program-promo');
    await signIn(page, credentials);

    // A code from the entry that the server refuses: the checkout goes on without it, and the promo
    // field opens with the code and the reason next to it (no dialog, issue 20).
    await page.goto(`${checkoutPath(inversora.id)}?promoCode=VENCIDO`);
    await expect(checkoutHeading(page)).toBeVisible();
    const code = page.getByRole('textbox', { name: 'Código promocional' });
    await expect(code).toHaveValue('VENCIDO');
    await expect(code).toHaveAccessibleDescription(/Este código ya venció\.$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const summary = page.getByRole('region', { name: 'Resumen de tu compra' });
    await expect(summary).toContainText(/Total\s*\$\s89\.000/);

    await code.fill('');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Ingrese el código')).toBeVisible();
    await code.fill('NOEXISTE');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(code).toHaveAccessibleDescription(
      /No encontramos ese código\. Revisá que esté bien escrito\.$/,
    );
    await code.fill('PROGRAMA25');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Tu código promocional PROGRAMA25 fue aplicado')).toBeVisible();
    await expect(summary).toContainText('Descuento con PROGRAMA25 (44%)');
    await expect(summary).toContainText(/Total\s*\$\s66\.750/);
    await expectNoSeriousA11yViolations(page);

    // A FREE code: activated at once, the program is hers.
    await page.goto(checkoutPath(chauDeudas.id));
    await expect(checkoutHeading(page)).toBeVisible();
    await page.getByRole('button', { name: '¿Tenés un código promocional?' }).click();
    await page.getByRole('textbox', { name: 'Código promocional' }).fill('DEUDAS100');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const activated = page.getByRole('dialog', { name: '¡Tu código fue activado!' });
    await expect(activated).toContainText('Programa Chau Deudas ya es tuyo, sin costo.');
    await activated.getByRole('button', { name: 'Ir al programa' }).click();
    await expect(page).toHaveURL(coursePage(chauDeudas.id));
    await page.goto('/programas');
    await expect(page.getByRole('button', { name: 'Comenzar Programa Chau Deudas' })).toBeVisible();
  });
});

test.describe('the redirect provider', () => {
  test('a HOSTED program is paid on the provider’s page and comes back to /compra-exitosa', async ({
    page,
    request,
  }) => {
    const { credentials } = await newCustomer(request, 'program-hosted');
    // Programa Libertad Financiera is for subscribers only and sold through the redirect provider.
    await subscribeThroughApi(request, credentials.accessToken);
    await signIn(page, credentials);
    const events: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/analytic') && r.method() === 'POST') {
        events.push((r.postDataJSON() as { event: string }).event);
      }
    });

    await page.goto(checkoutPath(libertad.id));
    await expect(checkoutHeading(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pagá con tarjeta' })).toHaveCount(0);
    const redirect = page.getByRole('region', { name: 'Pagá en la página de pago' });
    await expect(redirect).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resumen de tu compra' })).toContainText(
      /Total\s*\$\s210\.000/,
    );
    await expectNoSeriousA11yViolations(page);

    // A failed link request is only reported to analytics.
    await page.route('**/api/users/payment/link', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ internalCode: 'UNAVAILABLE', message: 'x' }),
      }),
    );
    await redirect.getByRole('button', { name: 'Continuar al pago' }).click();
    await expect.poll(() => events).toContain('program_checkout_link_error');
    await expect(page).toHaveURL(new RegExp(`${checkoutPath(libertad.id)}$`));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.unroute('**/api/users/payment/link');

    await redirect.getByRole('button', { name: 'Continuar al pago' }).click();
    await expect(page).toHaveURL(/\/sandbox\/hosted-checkout\/pay\/hc_/);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(new RegExp(`/compra-exitosa\\?programId=${libertad.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: '¡Gracias por tu compra!' })).toBeVisible();
    await page.getByRole('button', { name: 'Ir al programa' }).click();
    await expect(page).toHaveURL(coursePage(libertad.id));
    await expect(page.getByRole('complementary', { name: 'Contenido del curso' })).toContainText(
      libertad.name,
    );
  });
});
