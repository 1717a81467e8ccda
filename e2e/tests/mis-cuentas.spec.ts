import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiLogin, registerAccount, signIn, uniqueEmail } from './support/accounts';

/**
 * Mis Cuentas (issue 43), PFM on as in the demo: her accounts in pesos and dollars with a total in
 * dollars at a named rate (the exchange-rate stand-in's MEP), a card, a purchase in cuotas and the
 * coming statements, and "¿cuotas o contado?" worked out; axe at 375 and 1440 px.
 */
test('her accounts, a total in dollars at MEP, a card with a purchase in cuotas, its statements, ¿cuotas o contado?', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('mis-cuentas');
  await registerAccount(request, email, { name: 'Marta' });
  await signIn(page, await apiLogin(request, email));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/misCuentas');

  await expect(page.getByRole('heading', { level: 1, name: 'Mis Cuentas' })).toBeVisible();
  await expect(page.getByText('Mis Cuentas informa, no aconseja')).toBeVisible();

  // two accounts: pesos and dollars
  const accountForm = page.getByRole('form', { name: 'Nueva cuenta' });
  await accountForm.getByLabel('Nombre de la cuenta').fill('Caja de ahorro');
  await accountForm.getByLabel('Saldo inicial').fill('1.468.250');
  await accountForm.getByRole('button', { name: 'Agregar cuenta' }).click();
  await expect(page.getByText('Caja de ahorro · Banco')).toBeVisible();
  await accountForm.getByLabel('Nombre de la cuenta').fill('Ahorro en dólares');
  await accountForm.getByLabel('Tipo').selectOption('dolares');
  await expect(accountForm.getByLabel('Moneda')).toHaveValue('USD');
  await accountForm.getByLabel('Saldo inicial').fill('500');
  await accountForm.getByRole('button', { name: 'Agregar cuenta' }).click();
  await expect(page.getByText('Ahorro en dólares · Dólares')).toBeVisible();

  // everything in dollars at MEP (the stand-in's 1.468,25): 500 + 1.468.250 / 1.468,25 = US$ 1.500,00
  await page.getByLabel('Cotización').selectOption('mep');
  await expect(page.getByTestId('pfm-total-usd')).toHaveText('US$\u00a01.500,00');
  await expect(
    page.getByText(/Cotización MEP: \$ 1\.468,25 por dólar \(venta\)\. Fuente: DolarApi/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // a card closing on the 31st, a purchase in 3 cuotas
  await page.getByRole('tab', { name: 'Tarjetas' }).click();
  const cardForm = page.getByRole('form', { name: 'Nueva tarjeta' });
  await cardForm.getByLabel('Nombre de la tarjeta').fill('Visa');
  await cardForm.getByLabel('Día de cierre').fill('31');
  await cardForm.getByLabel('Día de vencimiento').fill('10');
  await cardForm.getByRole('button', { name: 'Agregar tarjeta' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Visa' })).toBeVisible();
  await expect(page.getByText('Cierra el día 31 y vence el día 10 de cada mes.')).toBeVisible();

  const purchase = page.getByRole('form', { name: 'Compra con Visa' });
  await purchase.getByLabel('Qué compraste').fill('Heladera');
  await purchase.getByLabel('Precio').fill('120.000');
  await purchase.getByLabel('Cantidad de cuotas').fill('3');
  await purchase.getByRole('button', { name: 'Agregar compra' }).click();
  await expect(purchase.getByRole('status')).toContainText('Listo: 3 cuotas de $\u00a040.000');

  // próximos resúmenes: one cuota in each of the next three statements, nothing committed after
  const statements = page.getByRole('region', { name: 'Próximos resúmenes de Visa' });
  const items = statements.getByRole('listitem');
  await expect(items).toHaveCount(3);
  for (const [index, number] of [1, 2, 3].entries()) {
    await expect(items.nth(index)).toContainText(`Heladera (cuota ${number} de 3)`);
    await expect(items.nth(index)).toContainText('$\u00a040.000');
  }
  await expect(statements).toContainText('Comprometido en resúmenes posteriores: $\u00a00');
  await expectNoSeriousA11yViolations(page);

  // ¿cuotas o contado? at 5 % expected monthly inflation
  await page.getByRole('tab', { name: '¿Cuotas o contado?' }).click();
  const calculator = page.getByRole('form', { name: '¿Cuotas o contado?' });
  await calculator.getByLabel('Precio de contado').fill('100.000');
  await calculator.getByLabel('Cantidad de cuotas').fill('3');
  await calculator.getByLabel('Valor de cada cuota').fill('35.000');
  await calculator.getByLabel('Tasa para comparar').selectOption('inflacion');
  await calculator.getByLabel('Tasa (%)').fill('5');
  await calculator.getByRole('button', { name: 'Calcular' }).click();
  await expect(
    page.getByText('Hoy, las cuotas valen $\u00a04.686,32 menos que el precio de contado.'),
  ).toBeVisible();
  const working = page.getByRole('table');
  await expect(working.getByRole('row')).toHaveCount(4);
  await expect(working.getByRole('row').nth(1)).toContainText('0,952381');
  await expect(page.getByRole('link', { name: /Cuotas sin interés: cuándo convienen/ })).toHaveAttribute(
    'href',
    '/academy/tarjeta-de-credito/tarjeta-de-credito-m2-s1',
  );
  await expect(page.getByText('no una recomendación')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await expectNoSeriousA11yViolations(page);

  // wide: the side bar's Mis Cuentas entry is a link to her space
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(
    page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Mis Cuentas' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByRole('tab', { name: 'Tarjetas' }).click();
  await expect(page.getByRole('region', { name: 'Próximos resúmenes de Visa' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
