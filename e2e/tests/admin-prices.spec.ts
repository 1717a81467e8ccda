import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer } from './support/accounts';
import { cardToken } from './support/cards';
import { waitForMail } from './support/mailbox';
import { expectInsideWindow, expectNoSidewaysScroll, openSection, operatorWindow } from './support/panel';

/*
 * Issue 29: a price change in /admin/precios saves and says so (it once closed the dialog, put the
 * old price back and sent nothing: the confirmation's form sat inside the plan's form), and
 * (issue 40) its confirmation says old → new price, from when, and how many get the notice, at a desk
 * (1440 px) and on a phone (375 px). A subscriber of the test's own pays the old price: the notice
 * to her is scheduled and mailed, the page and the audit log's sentence count who was told. The
 * shared data ends as it began: the price goes back to 9.900,00 the same way.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const esencial = (page: Page) => page.getByRole('form', { name: /Plan Esencial/ });

/** A monthly Plan Esencial subscriber of her own, paying today's 9.900,00 (through the API). */
async function subscriber(request: APIRequestContext, label: string): Promise<string> {
  const { email, credentials } = await newCustomer(request, `precio-${label}`);
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Esencial',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return email;
}

/** Types a monthly price and saves it through the confirmation; returns what the confirmation said. */
async function savePrice(page: Page, typed: string): Promise<string> {
  const form = esencial(page);
  await form.getByLabel('Precio regular (mensual)').fill(typed);
  const saved = page.waitForResponse(
    (response) => response.url().includes('/api/admin/plans/') && response.request().method() === 'PATCH',
    { timeout: 15_000 },
  );
  await form.getByRole('button', { name: 'Guardar Plan Esencial' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Guardar los precios del Plan Esencial?' });
  await expect(dialog).toBeVisible();
  await expectInsideWindow(page, dialog);
  await expectNoSeriousA11yViolations(page);
  const said = await dialog.innerText();
  await dialog.getByRole('button', { name: 'Guardar precios' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  return said.replace(/\s+/g, ' ');
}

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`at ${width} px an admin changes a price: saved, the notice scheduled for the subscribers it counts, and the audit log says so`, async ({
    browser,
    request,
  }) => {
    const email = await subscriber(request, String(width));
    const { page, leave } = await operatorWindow(browser, 'admin', { width, height });
    await openSection(page, 'Planes y precios');
    const form = esencial(page);
    await expect(form.getByLabel('Precio regular (mensual)')).toHaveValue('9.900,00');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    const asked = new Date();
    try {
      // the confirmation says old → new, from when, and how many are told, before anything is sent
      const confirmed = await savePrice(page, '10.900');
      expect(confirmed).toMatch(
        /Mensual: se cobra \$ 9\.900,00 → \$ 10\.900,00; precio regular \$ 9\.900,00 → \$ 10\.900,00\./,
      );
      expect(confirmed).toMatch(/se les cobra desde el (\d{2}\/\d{2}\/\d{4}) \(30 días desde hoy\)/);
      const confirmedCount = Number(confirmed.match(/En total, (\d+) suscriptoras? recib/)?.[1]);
      expect(confirmedCount).toBeGreaterThanOrEqual(1);
      const saved = form.getByRole('status').filter({ hasText: 'Precios guardados.' });
      await expect(saved).toHaveText(
        /^Precios guardados\. (\d+) suscriptoras? reciben? el aviso; el nuevo precio se les cobra desde el \d{2}\/\d{2}\/\d{4}\.$/,
      );
      const told = Number((await saved.innerText()).match(/(\d+) suscriptora/)?.[1]);
      // as many were told as the confirmation counted (the test's subscriber among them)
      expect(told).toBe(confirmedCount);
      await expect(saved).toContainText(
        `desde el ${confirmed.match(/se les cobra desde el (\d{2}\/\d{2}\/\d{4})/)?.[1]}.`,
      );
      await expect(form.getByLabel('Precio regular (mensual)')).toHaveValue('10.900,00');
      const scheduled = form.getByText(
        /^Cambio programado para \d+ suscripciones desde el \d{2}\/\d{2}\/\d{4}\.$/,
      );
      await expect(scheduled).toBeVisible();
      expect(Number((await scheduled.innerText()).match(/para (\d+)/)?.[1])).toBeGreaterThanOrEqual(told);
      // her notice is mailed, with the new price
      const notice = await waitForMail(request, email, 'Cambia el precio de tu suscripción', {
        after: asked,
      });
      expect(notice.text).toMatch(/pasa de \$\s?9\.900(,00)? a \$\s?10\.900(,00)?/);
      await expectNoSidewaysScroll(page);
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

      // the audit log: one sentence with the new price and how many were told
      await openSection(page, 'Auditoría');
      await page.getByLabel('Qué hizo').selectOption({ label: 'Cambió los precios de un plan' });
      await page.getByRole('button', { name: 'Filtrar' }).click();
      const entry = page
        .getByRole('table', { name: 'Cambios registrados' })
        .getByRole('row')
        .filter({ hasText: 'Administración cambió los precios de «Plan Esencial»' })
        .first();
      await expect(entry).toContainText('admin@alcancia.local');
      await expect(entry.locator('.admin-sentence')).toHaveText(
        new RegExp(
          `^Administración cambió los precios de «Plan Esencial»: (.+, )?mensual \\$\\s10\\.900,00.*; ${
            told === 1 ? 'a una suscriptora le avisamos' : `a ${told} suscriptoras les avisamos`
          } que el precio nuevo rige desde el \\d{2}/\\d{2}/\\d{4}\\.$`,
        ),
      );
      // (axe reads the audit log at both widths in admin-content.spec.ts)
      await expectNoSidewaysScroll(page);
    } finally {
      await openSection(page, 'Planes y precios');
      if ((await esencial(page).getByLabel('Precio regular (mensual)').inputValue()) !== '9.900,00') {
        await savePrice(page, '9.900,00');
      }
    }
    await expect(esencial(page).getByLabel('Precio regular (mensual)')).toHaveValue('9.900,00');
    await leave();
  });
}
