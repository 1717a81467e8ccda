import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';
import { cardToken } from './support/cards';
import { operatorWindow } from './support/panel';

/*
 * Service controls from the back office (issue 18), on the real API: an admin turns the community
 * on after a confirmation, a learner sees it on her next page (on the two-process run, whichever
 * process answers her), and it goes off again the same way. The shared data ends as it began.
 */
test.describe.configure({ timeout: 90_000 });

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Secciones' });

/**
 * A subscriber of the test's own (an annual Plan Esencial, as the demo's subscriber has, paid through
 * the API): the demo's shared subscriber would spend her login attempts across the suite.
 */
async function subscriber(request: APIRequestContext) {
  const { credentials } = await newCustomer(request, 'comunidad');
  const paid = await request.post('/api/users/mercadopago/suscription', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: {
      subscriptionPlanName: 'Plan Esencial',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(request),
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return credentials;
}

async function flip(page: Page, action: 'Encender' | 'Apagar', resource?: string) {
  await page.getByRole('button', { name: `${action} «Comunidad»` }).click();
  const dialog = page.getByRole('dialog', { name: `${action} «Comunidad»` });
  // what it changes for learners, in words (issue 29)
  await expect(dialog).toContainText('las alumnas con un plan que la incluye ven «Comunidad» en el menú');
  await expect(dialog).toContainText('El cambio llega a todas las alumnas en segundos.');
  if (resource !== undefined) await dialog.getByLabel('Dirección (opcional)').fill(resource);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(
    page.getByText(`${action === 'Encender' ? 'Encendiste' : 'Apagaste'} «Comunidad».`),
  ).toBeVisible();
}

test('an admin turns the community on with a confirmation; a learner sees it at once; then off', async ({
  browser,
}) => {
  const { page, leave } = await operatorWindow(browser, 'admin', { width: 1280, height: 720 });
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Servicios y funciones' })
    .click();
  await expect(page.getByRole('heading', { name: 'Servicios y funciones' })).toBeVisible();
  const row = page.getByRole('row', { name: /^Comunidad/ });
  await expect(row).toContainText('Apagado');
  await expectNoSeriousA11yViolations(page);

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await signIn(learner, await subscriber(learner.request));
  try {
    await learner.goto('/academy');
    await expect(sideNav(learner).getByRole('link', { name: 'Academia' })).toBeVisible();
    await expect(sideNav(learner).getByRole('link', { name: 'Comunidad' })).toHaveCount(0);

    // a cancelled confirmation changes nothing
    await page.getByRole('button', { name: 'Encender «Comunidad»' }).click();
    await page
      .getByRole('dialog', { name: 'Encender «Comunidad»' })
      .getByRole('button', { name: 'Cancelar' })
      .click();
    await expect(row).toContainText('Apagado');

    await flip(page, 'Encender', '/terminos-y-condiciones');
    await expect(row).toContainText('Encendido');
    await learner.goto('/academy');
    await sideNav(learner).getByRole('link', { name: 'Comunidad' }).click();
    await expect(learner).toHaveURL(/\/comunidad$/);
    await expect(learner.locator('iframe[title="Comunidad de Alcancía"]')).toHaveAttribute(
      'src',
      '/terminos-y-condiciones',
    );
  } finally {
    if ((await row.textContent())?.includes('Encendido')) await flip(page, 'Apagar', '');
  }
  await expect(row).toContainText('Apagado');
  await learner.goto('/academy');
  await expect(sideNav(learner).getByRole('link', { name: 'Academia' })).toBeVisible();
  await expect(sideNav(learner).getByRole('link', { name: 'Comunidad' })).toHaveCount(0);

  // the change is in the audit log, with who made it
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Auditoría' })
    .click();
  const entry = page.getByRole('row', { name: /Administración apagó «Comunidad»/ }).first();
  await expect(entry).toContainText('admin@alcancia.local');
  await learnerContext.close();
  await leave();
});
