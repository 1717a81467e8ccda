import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAsOperator } from './support/operators';

/*
 * Issue 18, an admin and promo codes: she creates a batch of unique codes with limits (a program,
 * a country, a number of uses), gets them listed and downloadable, and finds the change in the
 * audit log.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

test('an admin creates a batch of codes and finds it in the audit log', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signInAsOperator(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Secciones del panel' });
  await nav.getByRole('link', { name: 'Códigos promocionales' }).click();
  await expect(page.getByRole('heading', { name: 'Códigos promocionales', level: 1 })).toBeVisible();

  const prefix = `E2E${String(Date.now()).slice(-5)}`;
  await page.getByLabel('Un lote de códigos únicos').check();
  await page.getByLabel('Cantidad de códigos').fill('12');
  await page.getByLabel('Prefijo (opcional)').fill(prefix);
  await page.getByLabel('Qué da').selectOption('PROGRAM_DISCOUNT');
  await page.getByLabel('Descuento (%)').fill('40');
  await page
    .getByLabel('Programas o packs (ids separados por comas; vacío: todos)')
    .fill('programa-inversora-inteligente');
  await page.getByLabel('Usos en total (vacío: sin límite)').fill('1');
  await page.getByLabel('Argentina').check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Crear 12 códigos' }).click();

  const created = page.getByRole('status').filter({ hasText: '12 códigos creados' });
  await expect(created).toBeVisible();
  const codes = created.getByRole('list', { name: 'Códigos creados' }).getByRole('listitem');
  await expect(codes).toHaveCount(12);
  const texts = await codes.allInnerTexts();
  expect(new Set(texts).size).toBe(12);
  for (const code of texts) expect(code).toMatch(new RegExp(`^${prefix.toUpperCase()}-[A-Z2-9]{8}$`));

  const download = page.waitForEvent('download');
  await created.getByRole('button', { name: 'Descargar los códigos (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^codigos-.+\.csv$/);

  await created.getByRole('link', { name: 'Ver el lote' }).click();
  const table = page.getByRole('table', { name: 'Códigos promocionales' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByText('40 % en programa-inversora-inteligente').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // one code's page: its rules, nobody used it yet
  await table.getByRole('link', { name: texts[0] ?? '' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(texts[0] ?? '');
  await expect(page.getByText('Nadie lo usó todavía.')).toBeVisible();

  // the audit log has the batch, by her
  await nav.getByRole('link', { name: 'Auditoría' }).click();
  await page.getByLabel('Qué hizo').selectOption({ label: 'Creó un lote de códigos' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const log = page.getByRole('table', { name: 'Cambios registrados' });
  await expect(log.getByText('admin@alcancia.local').first()).toBeVisible();
  await expect(log.getByText(/^Administración creó un lote de \d+ códigos/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
