import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mailbox';
import { readRunState, withRunLock, writeRunState } from './run-state';

export const password = 'Alcancia2026';

let counter = 0;
/** This worker process (two run at once with E2E_WORKERS=2; a worker that failed is replaced). */
const worker = process.env.TEST_WORKER_INDEX ?? '0';
/** A fresh address per test (rate limits and uniqueness are per e-mail), whichever worker asks. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `ana+${label}-${Date.now()}-${worker}-${counter}@example.com`;
}

/** Registers through the API (the unit under test is elsewhere). */
export async function registerAccount(
  request: APIRequestContext,
  email: string,
  { name = 'Ana', pass = password }: { name?: string; pass?: string } = {},
): Promise<void> {
  const response = await request.post('/api/users/register', {
    data: { name, email, password: pass, country: 'AR', telephone: '+5491123456789' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Validates the account with the link of its validation mail, through the API. */
export async function validateAccount(request: APIRequestContext, email: string): Promise<void> {
  const mail = await waitForMail(request, email, 'Validá tu cuenta');
  const link = new URL(linkIn(mail, '/validate'), 'http://x');
  const response = await request.post('/api/users/validateAccount', {
    data: { email, validationCode: link.searchParams.get('validationCode') },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function loginThroughForm(page: Page, email: string, pass = password): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

export interface StoredCredentials {
  token: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
}

export async function storedCredentials(page: Page): Promise<StoredCredentials | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('credentials');
    return raw ? (JSON.parse(raw) as StoredCredentials) : null;
  });
}

/** Closes the register page's 'Importante' notice (shown once per browser session). */
export async function dismissCountryNotice(page: Page): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Importante' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Entendido' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByLabel('Nombre')).toBeFocused();
}

/** Logs in through the API. */
export async function apiLogin(request: APIRequestContext, email: string): Promise<StoredCredentials> {
  const response = await request.post('/api/users/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StoredCredentials;
}

/** A session in the browser's storage, as the login page leaves it. */
export async function signIn(page: Page, credentials: StoredCredentials): Promise<void> {
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('credentials', JSON.stringify(value)), credentials);
}

/**
 * The credentials of one API login of a demo account (alumna, suscriptora…), kept for the run. The
 * login route allows 10 attempts per 15 minutes per address and e-mail, and a browser run (about
 * ten minutes) opens the demo learners from many specs: the run keeps one login per e-mail
 * (run-state.ts: shared by the spec files and the workers) and reuses it while it is younger than
 * 10 minutes, so its 15-minute access token never needs a refresh (which would rotate the shared
 * refresh token). A test that logs out or ends the session otherwise asks for `fresh`: a login of
 * its own, not kept.
 */
export async function demoCredentials(
  request: APIRequestContext,
  email: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<StoredCredentials> {
  if (fresh) return apiLogin(request, email);
  const name = `demo-session-${email.replace(/[^a-z0-9]/gi, '-')}`;
  return withRunLock(name, async () => {
    const kept = readRunState<{ credentials: StoredCredentials; at: number } | null>(name, null);
    if (kept && Date.now() - kept.at < 10 * 60_000) return kept.credentials;
    const credentials = await apiLogin(request, email);
    writeRunState(name, { credentials, at: Date.now() });
    return credentials;
  });
}

/**
 * A demo account's session (demoCredentials) in the browser's storage, set on a light public page
 * (the legal terms: no redirect, no academy code) from which the test goes where it tests.
 */
export async function signInAsDemo(
  page: Page,
  email: string,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const credentials = await demoCredentials(page.request, email, options);
  await page.goto('/terminos-y-condiciones');
  await page.evaluate((value) => localStorage.setItem('credentials', JSON.stringify(value)), credentials);
}

/** A new Argentine account (through the API), logged in through the API. */
export async function newCustomer(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await registerAccount(request, email);
  return { email, credentials: await apiLogin(request, email) };
}
