import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { operatorWindow } from './support/panel';

interface MetricsAnswer {
  from: string;
  to: string;
  activeSubscribers: number;
  signUps: number;
  days: { date: string }[];
  funnel: { step: string; count: number }[];
}

const integer = new Intl.NumberFormat('es-AR');

/** A desk's window, as Playwright's Desktop Chrome opens it. */
const desk = { width: 1280, height: 720 };

test('an admin reads the dashboard: figures, a chart, another period and the CSV', async ({ browser }) => {
  // the dashboard's first answer, once she is in (through the form the first time; operatorWindow)
  let firstAnswer: Promise<Response> | undefined;
  const { page, leave } = await operatorWindow(browser, 'admin', desk, (opened) => {
    firstAnswer = metricsAnswer(opened);
  });
  const metrics = (await (await firstAnswer)?.json()) as MetricsAnswer;
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
  await leave();
});

test('an admin opens Planes y precios: each plan with its prices per frequency', async ({ browser }) => {
  const { page, leave } = await operatorWindow(browser, 'admin', desk);
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Planes y precios' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Planes y precios' })).toBeVisible();
  const esencial = page.getByRole('form', { name: /Plan Esencial/ });
  await expect(esencial.getByLabel('Precio regular (mensual)')).toHaveValue('9.900,00');
  await expect(esencial.getByLabel('Prueba gratis (mensual)')).toHaveValue('7');
  // (axe reads this screen at 1440 and 375 px in admin-prices.spec.ts)
  await leave();
});

const metricsAnswer = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().includes('/api/admin/metrics') && response.status() === 200,
  );
const stepCount = (m: MetricsAnswer, step: string) => m.funnel.find((s) => s.step === step)?.count ?? -1;

/** Where a chart's canvas and legend stand against its figure, and how much ink its canvas has on its very edge. */
async function chartFit(figure: Locator) {
  const box = await figure.boundingBox();
  const parts = [figure.locator('canvas'), figure.locator('.u-legend')];
  const outside: string[] = [];
  for (const part of parts) {
    const inner = await part.boundingBox();
    if (!box || !inner) {
      outside.push('missing');
      continue;
    }
    if (
      inner.x < box.x - 0.5 ||
      inner.y < box.y - 0.5 ||
      inner.x + inner.width > box.x + box.width + 0.5 ||
      inner.y + inner.height > box.y + box.height + 0.5
    )
      outside.push(await part.evaluate((element) => element.className || element.tagName));
  }
  // A label cut by the canvas's edge leaves ink on it (uPlot draws on a transparent canvas).
  const edgeInk = await figure.locator('canvas').evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    if (!data) return -1;
    const alpha = (x: number, y: number) => data[(y * canvas.width + x) * 4 + 3] ?? 0;
    let ink = 0;
    for (let x = 0; x < canvas.width; x += 1) if (alpha(x, 0) || alpha(x, canvas.height - 1)) ink += 1;
    for (let y = 0; y < canvas.height; y += 1) if (alpha(0, y) || alpha(canvas.width - 1, y)) ink += 1;
    return ink;
  });
  return { outside, edgeInk };
}

test('a learner sees the plans and chooses one; the admin reads it in the funnel, each step within the one before', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  let first: Promise<Response> | undefined;
  const { page, leave } = await operatorWindow(browser, 'admin', { width: 1440, height: 900 }, (opened) => {
    first = metricsAnswer(opened);
  });
  const before = (await (await first)?.json()) as MetricsAnswer;

  // a learner (her own browser) opens the plans and picks Oro: the card checkout opens
  const learner = await browser.newContext();
  const learnerPage = await learner.newPage();
  const { credentials } = await newCustomer(request, 'funnel');
  await signIn(learnerPage, credentials);
  const posted = (event: string) =>
    learnerPage.waitForResponse(
      (response) =>
        response.url().endsWith('/api/users/analytic') &&
        response.request().postDataJSON()?.event === event &&
        response.status() === 204,
    );
  const viewed = posted('subscription_modal');
  await learnerPage.goto('/compra/suscripcion');
  const plans = learnerPage.getByRole('region', { name: 'Elegí tu plan' });
  await expect(plans.getByRole('button', { name: 'Quiero este plan: Oro' })).toBeVisible();
  await viewed;
  const chosen = posted('subscription_button_clicked');
  await plans.getByRole('button', { name: 'Quiero este plan: Oro' }).click();
  await chosen;
  await expect(learnerPage).toHaveURL(/\/compra\/suscripcion\/.*plan-oro/);
  await learner.close();

  // the admin's dashboard counts her once in each of the two steps
  const again = metricsAnswer(page);
  await page.reload();
  const after = (await (await again).json()) as MetricsAnswer;
  expect(stepCount(after, 'subscription_modal')).toBe(stepCount(before, 'subscription_modal') + 1);
  expect(stepCount(after, 'subscription_button_clicked')).toBe(
    stepCount(before, 'subscription_button_clicked') + 1,
  );
  for (const [index, step] of after.funnel.entries()) {
    if (index > 0) expect(step.count).toBeLessThanOrEqual(after.funnel[index - 1]?.count ?? 0);
  }
  const funnel = page.getByRole('table', { name: 'Embudo de suscripción en el período' });
  await expect(
    funnel
      .getByRole('row', { name: /Vieron los planes/ })
      .locator('td')
      .first(),
  ).toHaveText(integer.format(stepCount(after, 'subscription_modal')));
  await expect(
    funnel
      .getByRole('row', { name: /Eligieron un plan/ })
      .locator('td')
      .first(),
  ).toHaveText(integer.format(stepCount(after, 'subscription_button_clicked')));

  // the charts' axes and legends fit their box, on a desk and on a phone
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const name of ['Altas, suscripciones nuevas y canceladas por día', 'Ingresos por día']) {
      const figure = page.getByRole('figure', { name });
      await figure.scrollIntoViewIfNeeded();
      await expect(figure.locator('canvas')).toBeVisible();
      await expect
        .poll(() => chartFit(figure), { message: `${name} at ${width} px` })
        .toEqual({
          outside: [],
          edgeInk: 0,
        });
    }
  }
  await leave();
});
