import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAsOperator } from './support/operators';

interface MetricsAnswer {
  from: string;
  to: string;
  activeSubscribers: number;
  signUps: number;
  days: { date: string }[];
}

const integer = new Intl.NumberFormat('es-AR');

test('an admin reads the dashboard: figures, a chart, another period and the CSV', async ({ page }) => {
  const firstAnswer = page.waitForResponse(
    (response) => response.url().includes('/api/admin/metrics') && response.status() === 200,
  );
  await signInAsOperator(page, 'admin');
  const metrics = (await (await firstAnswer).json()) as MetricsAnswer;
  expect(metrics.days).toHaveLength(30);

  const dashboard = page.getByRole('region', { name: 'Tablero' });
  await expect(dashboard).toBeVisible();
  // a figure, as the API computed it, written the es-AR way
  const activeSubscribers = dashboard.locator('.admin-kpi', { hasText: 'Suscriptoras activas' });
  await expect(activeSubscribers.locator('dd')).toHaveText(integer.format(metrics.activeSubscribers));
  expect(metrics.activeSubscribers).toBeGreaterThan(0); // the demo's subscribers
  await expect(dashboard.locator('.admin-kpi', { hasText: 'MRR (hoy)' }).locator('dd')).toContainText('$');
  // a chart (uPlot draws on a canvas) and its table
  const chart = page.getByRole('figure', { name: 'Ingresos por día' });
  await expect(chart.locator('canvas')).toBeVisible();
  await page.getByText('Ver los datos por día en una tabla').click();
  await expect(page.getByRole('table', { name: 'Cifras por día' }).locator('tbody tr')).toHaveCount(30);
  await expectNoSeriousA11yViolations(page);

  // another period, by keyboard
  const weekAnswer = page.waitForResponse(
    (response) => response.url().includes('/api/admin/metrics') && response.status() === 200,
  );
  await page.getByRole('button', { name: 'Últimos 7 días' }).focus();
  await page.keyboard.press('Enter');
  const week = (await (await weekAnswer).json()) as MetricsAnswer;
  expect(week.days).toHaveLength(7);
  await expect(page).toHaveURL(/desde=\d{4}-\d{2}-\d{2}&hasta=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('button', { name: 'Últimos 7 días' })).toHaveAttribute('aria-pressed', 'true');

  // the figures as CSV
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`alcancia-tablero-${week.from}-a-${week.to}.csv`);
  const csv = await readFile((await file.path()) as string, 'utf8');
  expect(csv).toContain('indicador,valor');
  expect(csv).toContain(`suscriptoras activas,${week.activeSubscribers}`);
  expect(csv).toContain(`altas de cuentas,${week.signUps}`);
  expect(csv.trim().split('\r\n').at(-1)).toMatch(new RegExp(`^${week.to},`));
});

test('an admin opens Planes y precios: each plan with its prices per frequency', async ({ page }) => {
  await signInAsOperator(page, 'admin');
  await page.getByRole('link', { name: 'Planes y precios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Planes y precios' })).toBeVisible();
  const esencial = page.getByRole('form', { name: /Plan Esencial/ });
  await expect(esencial.getByLabel('Precio regular (mensual)')).toHaveValue('9.900,00');
  await expect(esencial.getByLabel('Prueba gratis (mensual)')).toHaveValue('7');
  await expectNoSeriousA11yViolations(page);
});
