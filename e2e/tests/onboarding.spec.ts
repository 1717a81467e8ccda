import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

/**
 * Social logins (Google through the OIDC mock) create accounts without a country: the shell asks
 * for it before the user continues. The mock's identity is the same for the whole run, so the
 * whole flow (errors first, then completion) is one test.
 */
test('a social-login user without a country completes her profile and continues, also to a checkout', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continuar con Google' }).click();
  await expect(page).toHaveURL(/\/academy$/);

  const dialog = page.getByRole('dialog', { name: 'Completá tu perfil' });
  await expect(dialog).toBeVisible();
  // Focus starts in the form; the account already has a name, so it is not asked.
  await expect(dialog.getByLabel('País')).toBeFocused();
  await expect(dialog.getByLabel('Nombre')).toHaveCount(0);
  await expect(dialog.getByLabel('País')).toHaveValue('');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await expectNoSeriousA11yViolations(page);

  // It cannot be dismissed with Escape.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  // Empty → the spec's message, nothing sent.
  let patches = 0;
  page.on('request', (req) => {
    if (req.url().endsWith('/api/users/partialonboarding')) patches += 1;
  });
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Completa todos los datos');
  await dialog.getByLabel('País').selectOption('AR');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Completa todos los datos');
  expect(patches).toBe(0);
  await expectNoSeriousA11yViolations(page);

  // Any other failure gives the unexpected-error message and keeps the form.
  await page.route('**/api/users/partialonboarding', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ internalCode: 'UNEXPECTED_ERROR', message: 'boom' }),
    }),
  );
  await dialog.getByLabel('Teléfono').fill('11 2345 6789');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Ocurrio un error inesperado.');
  await expect(dialog.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  await page.unroute('**/api/users/partialonboarding');

  // Without a country she is not turned away from buying: the plan list shows her the plans, and
  // a checkout waits for the form instead of sending her to the Argentina-only panel.
  await page.goto('/compra/suscripcion');
  await expect(page.getByRole('region', { name: 'Elegí tu plan' })).toBeVisible();
  await expect(page.locator('[data-panel="argentina-only"]')).toHaveCount(0);
  await page.goto('/compra/suscripcion/Plan%20Esencial/annual');
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Completá tu perfil para continuar con la compra.')).toBeVisible();
  await expect(page).toHaveURL(/\/compra\/suscripcion\/Plan%20Esencial\/annual$/);
  await dialog.getByLabel('País').selectOption('AR');
  await dialog.getByLabel('Teléfono').fill('11 2345 6789');

  // Completed by keyboard: she continues where she was, and the form does not come back.
  const patch = page.waitForRequest(
    (req) => req.url().endsWith('/api/users/partialonboarding') && req.method() === 'PATCH',
  );
  await dialog.getByLabel('Teléfono').focus();
  await page.keyboard.press('Tab');
  // the Ley 25.326 notice under the form (decision 0141) offers its help address first
  await expect(dialog.getByRole('link', { name: 'ayuda@alcancia.com.ar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cerrar Sesión' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Continuar' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect((await patch).postDataJSON()).toEqual({ countryCode: 'AR', telephone: '11 2345 6789' });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizá tu suscripción' })).toBeVisible();
  // The same checkout, under the plan's id once the plan is loaded (issue 20).
  await expect(page).toHaveURL(/\/compra\/suscripcion\/plan-esencial\/annual$/);
  await page.goto('/academy');
  await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible();
  await expect(page.getByText('Hola, Sofía Social.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Completá tu perfil' })).toHaveCount(0);
  const profile = await page.evaluate(async () => {
    const credentials = JSON.parse(localStorage.getItem('credentials') ?? '{}') as { accessToken?: string };
    const response = await fetch('/api/users', {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
    });
    return (await response.json()) as { countryCode: string; telephone: string };
  });
  expect(profile).toMatchObject({ countryCode: 'AR', telephone: '+5491123456789' });
});
