import { expect as baseExpect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { newCustomer, signIn } from './support/accounts';

/*
 * Issue 18: a learner who opens /admin is told, in Spanish, that it is not for her, and gets no
 * data: every /api/admin call she makes answers 403. A visitor without a session goes to /login.
 */

const expect = baseExpect.configure({ timeout: 20_000 });

test('a learner on /admin sees "No tenés acceso" and no data', async ({ page, request }) => {
  const { credentials } = await newCustomer(request, 'curiosa');
  const adminAnswers: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/admin/')) adminAnswers.push(response.status());
  });
  await signIn(page, credentials);
  await page.goto('/admin/miembros');
  await expect(page.getByRole('heading', { name: 'No tenés acceso' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a la academia' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(adminAnswers.length).toBeGreaterThan(0);
  expect(adminAnswers.every((status) => status === 403)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // her token on the API directly: 403 FORBIDDEN, nothing else in the answer
  const direct = await request.get('/api/admin/members', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
  });
  expect(direct.status()).toBe(403);
  expect(await direct.json()).toEqual({ internalCode: 'FORBIDDEN', message: expect.any(String) });
});

test('a visitor without a session is sent to the login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});
