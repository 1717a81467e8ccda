import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';

test("the app loads in Spanish; /login is the visitor's way in", async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciá sesión' })).toBeVisible();
  await expect(page).toHaveTitle(/Iniciar sesión · Alcancía/);
  await expectNoSeriousA11yViolations(page);
});

test('an unknown page shows the Spanish 404 and leads home', async ({ page }) => {
  const response = await page.goto('/esta/pagina/no-existe?x=1');
  expect(response?.status()).toBe(200); // history fallback: the SPA decides
  await expect(page.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  // `/` is the shop window for a visitor (issue 30)
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Aprendé a manejar tu plata, a tu ritmo' }),
  ).toBeVisible();
});

test('the skip link moves keyboard focus to the content', async ({ page }) => {
  await page.goto('/login');
  // As a person would: once the page is on screen (the first render is a transition).
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciá sesión' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#contenido')).toBeFocused();
});

test('works at 320 px without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/no-existe');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});

test('captured mail is readable at /dev/correo', async ({ page }) => {
  await page.goto('/dev/correo');
  await expect(page.getByRole('heading', { level: 1, name: 'Correo capturado' })).toBeVisible();
});
