import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';

/**
 * Issue 30: a program only subscribers may buy says so to a non-subscriber, on its card and on
 * its page, and leads to the plans instead of a "Comprar ahora" the checkout would refuse.
 */
test('a subscriber-only program tells a non-subscriber who can buy it', async ({ page, request }) => {
  const { credentials } = await newCustomer(request, 'audience');
  await signIn(page, credentials);

  await page.goto('/programas');
  const card = page.getByRole('article').filter({ hasText: 'Programa Libertad Financiera' });
  const toPlans = card.getByRole('link', {
    name: 'Solo para suscriptoras: ver planes: Programa Libertad Financiera',
  });
  await expect(toPlans).toHaveAttribute('href', '/compra/suscripcion');
  await expect(card.getByRole('link', { name: /Comprar ahora/ })).toHaveCount(0);
  // another program is still bought as before
  const other = page.getByRole('article').filter({ hasText: 'Programa Inversora Inteligente' });
  await expect(other.getByRole('link', { name: /^Comprar ahora/ })).toBeVisible();

  await page.goto('/programas/programa-libertad-financiera/detalle');
  await expect(page.getByRole('heading', { level: 1, name: 'Programa Libertad Financiera' })).toBeVisible();
  await expect(
    page.getByText('Este programa es solo para suscriptoras. Elegí un plan y después vas a poder comprarlo.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Comprar ahora' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver planes', exact: true }).click();
  await expect(page).toHaveURL(/\/compra\/suscripcion$/);
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Ver planes', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
