import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expectNoSidewaysScroll, openSection, operatorWindow } from './support/panel';

/*
 * Issue 18, an admin and promo codes, at a desk (1440 px) and on a phone (375 px, issue 29): she
 * creates a batch of unique codes with limits (a program, a country, a number of uses), gets them
 * listed and downloadable, and reads the batch in the audit log as a sentence.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`at ${width} px an admin creates a batch of codes, downloads it and reads it in the audit log`, async ({
    browser,
  }) => {
    const { page, leave } = await operatorWindow(browser, 'admin', { width, height });
    await openSection(page, 'Códigos promocionales');
    await expect(page.getByRole('heading', { name: 'Códigos promocionales', level: 1 })).toBeVisible();

    const prefix = `E2E${String(Date.now()).slice(-5)}`;
    await page.getByLabel('Un lote de códigos únicos').check();
    await page.getByLabel('Cantidad de códigos').fill('12');
    await page.getByLabel('Prefijo (opcional)').fill(prefix);
    await page.getByLabel('Qué da').selectOption('PROGRAM_DISCOUNT');
    await page.getByLabel('Descuento (%)').fill('40');
    // the program is picked by its name from a searchable list, by keyboard (issue 40)
    await expect(page.getByLabel('Programas o packs (ids separados por comas; vacío: todos)')).toHaveCount(0);
    const programs = page.getByRole('combobox', { name: 'Programas o packs' });
    await programs.fill('inversora');
    const options = page.getByRole('listbox', { name: 'Programas o packs' }).getByRole('option');
    await expect(options.first()).toContainText('Programa Inversora Inteligente');
    await expectNoSeriousA11yViolations(page);
    await programs.press('ArrowDown');
    await programs.press('Enter');
    await programs.press('Escape');
    await expect(page.getByRole('list', { name: 'Programas o packs: elegidos' })).toHaveText(
      /Programa Inversora Inteligente/,
    );
    await page.getByLabel('Usos en total (vacío: sin límite)').fill('1');
    await page.getByLabel('Argentina').check();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Crear 12 códigos' }).click();

    const created = page.getByRole('status').filter({ hasText: '12 códigos creados' });
    await expect(created).toBeVisible();
    const codes = created.getByRole('list', { name: 'Códigos creados' }).getByRole('listitem');
    await expect(codes).toHaveCount(12);
    const texts = await codes.allInnerTexts();
    expect(new Set(texts).size).toBe(12);
    for (const code of texts) expect(code).toMatch(new RegExp(`^${prefix.toUpperCase()}-[A-Z2-9]{8}$`));
    await expectNoSidewaysScroll(page);

    // the download holds the very codes shown
    const download = page.waitForEvent('download');
    await created.getByRole('button', { name: 'Descargar los códigos (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^codigos-.+\.csv$/);
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    for (const code of texts) expect(csv).toContain(code);

    await created.getByRole('link', { name: 'Ver el lote' }).click();
    const table = page.getByRole('table', { name: 'Códigos promocionales' });
    await expect(table.getByRole('row')).toHaveCount(13);
    await expect(table.getByText('40 % en programa-inversora-inteligente').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // one code's page: its rules, nobody used it yet
    await table.getByRole('link', { name: texts[0] ?? '' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(texts[0] ?? '');
    await expect(page.getByText('Nadie lo usó todavía.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    // the audit log has the batch, by her, in words
    await openSection(page, 'Auditoría');
    await page.getByLabel('Qué hizo').selectOption({ label: 'Creó un lote de códigos' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const log = page.getByRole('table', { name: 'Cambios registrados' });
    const entry = log
      .getByRole('row')
      .filter({ hasText: 'Administración creó un lote de 12 códigos de descuento en programas.' })
      .first();
    await expect(entry).toContainText('admin@alcancia.local');
    await expect(log).not.toContainText('promo_code');
    // it is this batch: its before/after lists the codes she got
    await entry.getByRole('button', { name: 'Ver antes y después' }).click();
    await expect(entry.getByRole('table', { name: /^Antes y después/ })).toContainText(texts[0] ?? '-');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await leave();
  });
}
