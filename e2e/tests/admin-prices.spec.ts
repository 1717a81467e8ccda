import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAsOperator } from './support/operators';

/*
 * Issue 29: a price change in /admin/precios saves and says so (it once closed the dialog, put the
 * old price back and sent nothing: the confirmation's form sat inside the plan's form). The
 * shared data ends as it began: the price goes back to 9.900,00 the same way.
 */
test.describe.configure({ timeout: 90_000 });

const esencial = (page: Page) => page.getByRole('form', { name: /Plan Esencial/ });
const openSection = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Secciones del panel' }).getByRole('link', { name }).click();

async function savePrice(page: Page, typed: string) {
  const form = esencial(page);
  await form.getByLabel('Precio regular (mensual)').fill(typed);
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/admin/plans/') && response.request().method() === 'PATCH',
    { timeout: 15_000 },
  );
  await form.getByRole('button', { name: 'Guardar Plan Esencial' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Guardar los precios del Plan Esencial?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar precios' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
}

test('an admin changes a price: it is saved, the notice is scheduled, and the audit log says so', async ({
  page,
}) => {
  await signInAsOperator(page, 'admin');
  await openSection(page, 'Planes y precios');
  const form = esencial(page);
  await expect(form.getByLabel('Precio regular (mensual)')).toHaveValue('9.900,00');
  try {
    await savePrice(page, '10.900');
    await expect(form.getByRole('status').filter({ hasText: 'Precios guardados.' })).toBeVisible();
    await expect(form.getByLabel('Precio regular (mensual)')).toHaveValue('10.900,00');
    await expect(form).toContainText(
      /Cambio programado para \d+ suscripciones? desde el \d{2}\/\d{2}\/\d{4}/,
    );
    await expectNoSeriousA11yViolations(page);
    // read again from the server: it was saved
    await openSection(page, 'Inicio');
    await openSection(page, 'Planes y precios');
    await expect(esencial(page).getByLabel('Precio regular (mensual)')).toHaveValue('10.900,00');

    // a price that cannot be read says why, and nothing is sent
    await esencial(page).getByLabel('Precio regular (mensual)').fill('diez mil');
    await esencial(page).getByRole('button', { name: 'Guardar Plan Esencial' }).click();
    await expect(esencial(page).getByLabel('Precio regular (mensual)')).toHaveAccessibleDescription(
      /Ingresá un precio/,
    );

    await openSection(page, 'Auditoría');
    await expect(page.getByRole('row', { name: /plan\.prices\.update|precios/i }).first()).toContainText(
      'admin@alcancia.local',
    );
  } finally {
    await openSection(page, 'Planes y precios');
    if ((await esencial(page).getByLabel('Precio regular (mensual)').inputValue()) !== '9.900,00') {
      await savePrice(page, '9.900,00');
    }
  }
  await expect(esencial(page).getByLabel('Precio regular (mensual)')).toHaveValue('9.900,00');
});
