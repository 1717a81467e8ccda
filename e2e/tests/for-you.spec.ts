import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import {
  apiLogin,
  password,
  registerAccount,
  signIn,
  uniqueEmail,
  validateAccount,
} from './support/accounts';
import { codeIn, waitForMail } from './support/mailbox';

/**
 * Issue 30's onboarding: once her e-mail account is validated, the academy opens with two
 * skippable questions (what she wants, how much she knows); her answers give the "Para vos" row
 * (decision 152's rule), free courses first; "Omitir" leaves the academy without it.
 */
const academyHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Academia' });
const questions = (page: Page) =>
  page.getByRole('region', { name: '¡Bienvenida! Contanos qué te trae por acá' });
const forYou = (page: Page) => page.getByRole('region', { name: 'Para vos' });

test('register by e-mail → validate with the mailed code → answer → "Para vos" with a matching free course first', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail('para-vos');

  await page.goto('/register');
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Confirmá tu correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('11 2345 6789');
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(academyHeading(page)).toBeVisible();
  // not validated yet: no questions
  await expect(questions(page)).toHaveCount(0);

  // The code of the validation mail, typed by hand.
  const code = codeIn(await waitForMail(request, email, 'Validá tu cuenta'));
  await page.goto('/validate');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Código de validación').fill(code);
  await page.getByRole('button', { name: 'Validar cuenta' }).click();
  await page.getByRole('link', { name: 'Ir a la academia' }).click();

  await expect(page).toHaveURL(/\/academy$/);
  await expect(academyHeading(page)).toBeVisible();
  const asked = questions(page);
  await expect(asked).toBeVisible();
  await expect(forYou(page)).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await expectNoSeriousA11yViolations(page);

  await asked.getByRole('checkbox', { name: 'Salir de deudas' }).check();
  await asked.getByRole('radio', { name: /^Nada todavía/ }).check();
  const saved = page.waitForRequest((req) => req.url().endsWith('/api/users/me') && req.method() === 'PATCH');
  await asked.getByRole('button', { name: 'Ver mis cursos' }).click();
  expect((await saved).postDataJSON()).toEqual({
    learningGoals: ['GET_OUT_OF_DEBT'],
    knowledgeLevel: 'NOTHING',
  });

  const row = forYou(page);
  await expect(row).toBeVisible();
  await expect(asked).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Para vos' })).toBeFocused();
  // debts at a beginner's level, the free course first
  await expect(row.getByRole('listitem').first()).toContainText('Salí de las deudas paso a paso');
  await expect(row.getByRole('listitem')).toHaveCount(2);
  await expect(row.getByRole('listitem').nth(1)).toContainText('Tarjeta de crédito: usala a tu favor');
  await expectNoSeriousA11yViolations(page);

  // Answered once: the academy opens with the row, before everything else, on a desktop too.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(forYou(page)).toBeVisible();
  await expect(questions(page)).toHaveCount(0);
  const firstSection = await page.locator('.academy section').first().getAttribute('aria-labelledby');
  expect(firstSection).toBe('para-vos');
  await expectNoSeriousA11yViolations(page);
});

test('"Omitir" leads to the academy without "Para vos", and the questions do not come back', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('omitir');
  await registerAccount(request, email);
  await validateAccount(request, email);
  await signIn(page, await apiLogin(request, email));
  await page.goto('/academy');

  const asked = questions(page);
  await expect(asked).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await asked.getByRole('button', { name: 'Omitir' }).click();
  await expect(asked).toHaveCount(0);
  await expect(academyHeading(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cursos' })).toBeVisible();
  await expect(forYou(page)).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Cursos' })).toBeVisible();
  await expect(questions(page)).toHaveCount(0);
  await expect(forYou(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
