import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import {
  apiLogin,
  loginThroughForm,
  newCustomer,
  password,
  registerAccount,
  type StoredCredentials,
  signIn,
  storedCredentials,
  uniqueEmail,
} from './support/accounts';
import { codeIn, waitForMail } from './support/mailbox';

/*
 * Mi cuenta › Datos and Privacidad with fresh accounts (never the shared demo ones): her name and
 * phone, a password change that logs the other session out, an e-mail change by code, the data
 * export, and deleting the account.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

async function openAccount(page: Page, credentials: StoredCredentials, path = '/mi-cuenta') {
  await signIn(page, credentials);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible(slow);
}

test('Datos: she changes her name and phone, and they are kept after a reload', async ({ page, request }) => {
  const { credentials } = await newCustomer(request, 'datos');
  await openAccount(page, credentials);
  const nav = page.getByRole('navigation', { name: 'Secciones de Mi cuenta' });
  await expect(nav.getByRole('link')).toHaveText([
    'Datos',
    'Suscripción',
    'Cobros y accesos',
    'Compras y pagos',
    'Recordatorios',
    'Mis notas',
    'Privacidad',
  ]);
  await expect(nav.getByRole('link', { name: 'Datos' })).toHaveAttribute('aria-current', 'page');

  const name = page.getByLabel('Nombre');
  const phone = page.getByLabel('Teléfono');
  await expect(name).toHaveValue('Ana', slow);
  await expect(phone).toHaveValue('1123456789');
  await expect(page.getByLabel('País')).toHaveValue('AR');
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await name.fill('Lucía Prueba');
  await phone.fill('11 5555 4444');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Listo, guardamos tus datos.')).toBeVisible(slow);
  // the shell follows at once
  await expect(page.getByRole('button', { name: 'Perfil de Lucía Prueba' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nombre')).toHaveValue('Lucía Prueba', slow);
  await expect(page.getByLabel('Teléfono')).toHaveValue('1155554444');
  const stored = await request.get('/api/users', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
  });
  expect(await stored.json()).toMatchObject({ name: 'Lucía Prueba', telephone: '+5491155554444' });

  // a phone with letters cannot be typed; a too short one is refused before sending
  await page.getByLabel('Teléfono').fill('12');
  await page.getByLabel('Teléfono').blur();
  await expect(page.getByText('Ingresá un teléfono válido, solo con números.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
});

test('Datos at 320 px: one column, nothing to scroll sideways, reachable by keyboard', async ({
  page,
  request,
}) => {
  const { credentials } = await newCustomer(request, 'angosta');
  await page.setViewportSize({ width: 320, height: 720 });
  await openAccount(page, credentials);
  await expect(page.getByLabel('Nombre')).toBeVisible(slow);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // the section navigation, then the form, by Tab
  const nav = page.getByRole('navigation', { name: 'Secciones de Mi cuenta' });
  await nav.getByRole('link', { name: 'Datos' }).focus();
  // Privacidad is the last tab: one Tab per tab after Datos
  const tabs = await nav.getByRole('link').count();
  for (let i = 0; i < tabs - 1; i++) await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Privacidad' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mi-cuenta\/privacidad$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Privacidad' })).toBeVisible(slow);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('Cambiar contraseña: the new one works, the old one does not, and her other session is logged out', async ({
  page,
  browser,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'clave');
  // her other device
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, await apiLogin(request, email));
  await otherPage.goto('/academy');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible(slow);

  await openAccount(page, credentials);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await page.getByLabel('Contraseña actual', { exact: true }).fill('NoEsEsta2026');
  const newPassword = page.getByLabel('Contraseña nueva', { exact: true });
  await newPassword.fill('corta');
  await expect(page.getByText('Debe superar los 8 caracteres.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
  await newPassword.fill('NuevaClave2026');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('La contraseña no es correcta. Revisala e intentá nuevamente.')).toBeVisible(
    slow,
  );
  await page.getByLabel('Contraseña actual', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(
    page.getByText(/Cambiaste tu contraseña\. Cerramos tu sesión en los demás dispositivos/),
  ).toBeVisible(slow);

  // the other device is sent to the login on its next request
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/, slow);
  expect(await storedCredentials(otherPage)).toBeNull();
  await other.close();

  // this one goes on
  await page.reload();
  await expect(page.getByLabel('Nombre')).toHaveValue('Ana', slow);
  expect((await request.post('/api/users/login', { data: { email, password } })).status()).toBe(401);
  expect(
    (await request.post('/api/users/login', { data: { email, password: 'NuevaClave2026' } })).status(),
  ).toBe(200);
  await waitForMail(request, email, 'Cambiaste tu contraseña');
});

test('Cambiar e-mail: a code goes to the new address, and the old one gets a notice', async ({
  page,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'correo');
  const newEmail = uniqueEmail('correo-nuevo');
  await openAccount(page, credentials);
  await expect(page.locator('.account-email')).toHaveText(email, slow);
  await page.getByRole('button', { name: 'Cambiar e-mail' }).click();
  await page.getByLabel('Correo nuevo').fill(newEmail);
  await page.getByRole('button', { name: 'Enviarme un código' }).click();
  await expect(page.getByText(`Te enviamos un código a ${newEmail.toLowerCase()}`)).toBeVisible(slow);
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(request, newEmail, 'Confirmá tu nuevo correo');
  await page.getByLabel('Código que recibiste').fill(codeIn(mail));
  await page.getByRole('button', { name: 'Confirmar nuevo correo' }).click();
  await expect(page.getByText(`Listo, tu correo ahora es ${newEmail.toLowerCase()}`)).toBeVisible(slow);
  await expect(page.locator('.account-email')).toHaveText(newEmail.toLowerCase());
  await expect(page.getByText('Validado', { exact: true })).toBeVisible();
  // the new address is proved: the shell's "Validá tu cuenta" banner goes away
  await expect(page.getByText(/Validá tu cuenta: te enviamos un correo/)).toHaveCount(0);

  const notice = await waitForMail(request, email, 'Cambiaste el correo de tu cuenta');
  expect(notice.text).toContain(newEmail.toLowerCase());
  expect((await request.post('/api/users/login', { data: { email, password } })).status()).toBe(401);
  expect((await request.post('/api/users/login', { data: { email: newEmail, password } })).status()).toBe(
    200,
  );
});

test('Descargar mis datos: a dated JSON file with her profile, progress and sessions', async ({
  page,
  request,
}) => {
  const { email, credentials } = await newCustomer(request, 'exporta');
  await openAccount(page, credentials, '/mi-cuenta/privacidad');
  await expect(page.getByRole('heading', { level: 2, name: 'Privacidad' })).toBeVisible(slow);
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar mis datos' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^alcancia-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await file.path(), 'utf8'));
  expect(data.profile).toMatchObject({ id: credentials.userId, email, name: 'Ana', countryCode: 'AR' });
  expect(data).toHaveProperty('paymentOrders');
  expect(data).toHaveProperty('progress.sections');
  expect(data).toHaveProperty('certificates');
  expect(data).toHaveProperty('analyticsEvents');
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(JSON.stringify(data)).not.toMatch(/password|hash|refreshToken/i);
  await expect(page.getByText('Listo: descargaste el archivo con tus datos.')).toBeVisible();
});

test('Eliminar mi cuenta: after her password, she is logged out and cannot log in again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('elimina');
  await registerAccount(request, email);
  const credentials = await apiLogin(request, email);
  await openAccount(page, credentials, '/mi-cuenta/privacidad');

  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar mi cuenta' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Ley 25.326');
  await expect(dialog).toContainText('Tus pagos quedan registrados sin tus datos personales');
  await expectNoSeriousA11yViolations(page);
  // Escape closes without deleting anything
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();

  await dialog.getByLabel('Tu contraseña', { exact: true }).fill('NoEsEsta2026');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(dialog.getByText('La contraseña no es correcta.', { exact: false })).toBeVisible(slow);
  await dialog.getByLabel('Tu contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();

  await expect(page).toHaveURL(/\/login$/, slow);
  await expect(
    page.getByText(/Eliminamos tu cuenta y cerramos tu sesión en todos tus dispositivos/),
  ).toBeVisible();
  expect(await storedCredentials(page)).toBeNull();
  // her old token is refused everywhere
  const me = await request.get('/api/users', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
  });
  expect(me.status()).toBe(401);

  await loginThroughForm(page, email);
  await expect(page.getByText('Los datos son incorrectos. Intenta nuevamente.')).toBeVisible(slow);
  await waitForMail(request, email, 'Eliminamos tu cuenta de Alcancía');
});
