import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { password, registerAccount, type StoredCredentials, uniqueEmail } from './support/accounts';

/*
 * Issue 16 item 11: the last minutes of a long session are saved when the tab closes, even after
 * the stored access token expired (a long lesson, a laptop that slept): the closing page sends the
 * session's refresh token to the close-time route, which the server accepts while the session lives.
 */

const course = 'primeros-pasos-finanzas';
const video = (page: Page) => page.locator('video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function newLearner(page: Page, request: APIRequestContext): Promise<StoredCredentials> {
  const email = uniqueEmail('on-close');
  await registerAccount(request, email);
  const response = await request.post('/api/users/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const credentials = (await response.json()) as StoredCredentials;
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('credentials', JSON.stringify(value)), credentials);
  return credentials;
}

/** A well-formed access token of this user that expired an hour ago (as a sleeping tab keeps it). */
function expiredAccessToken(userId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const past = Math.floor(Date.now() / 1000) - 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ typ: 'access', sub: userId, iat: past - 900, exp: past })}.${Buffer.from('expired').toString('base64url')}`;
}

async function viewedSeconds(request: APIRequestContext, token: string): Promise<number | undefined> {
  const response = await request.get(`/api/academy/progress/${course}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const progress = (await response.json()) as {
    in_progress_modules: Record<string, { sections: Record<string, { viewed_seconds: number }> }>;
  };
  return progress.in_progress_modules[`${course}-m1`]?.sections[`${course}-m1-s2`]?.viewed_seconds;
}

test('a tab closed after its access token expired still saves the last position', async ({
  page,
  request,
}) => {
  const credentials = await newLearner(page, request);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/academy/progress') && r.method() === 'POST')
      sent.push(new URL(r.url()).pathname);
  });
  await page.goto(`/academy/${course}/${course}-m1-s2`);
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  const watched = Math.floor(await currentTime(page));
  // Nothing of this position reached the server yet (saves wait for a 180 s window or the close).
  expect(await viewedSeconds(request, credentials.accessToken)).not.toBe(watched);

  // The session stays valid, but the access token in storage has expired.
  await page.evaluate((token) => {
    const stored = JSON.parse(localStorage.getItem('credentials') ?? '{}');
    localStorage.setItem('credentials', JSON.stringify({ ...stored, token, accessToken: token }));
  }, expiredAccessToken(credentials.userId));
  // The tab goes away: the keepalive save cannot refresh first.
  await page.goto('about:blank');

  // Only the close-time route could take it: the usual one refuses the expired token.
  await expect.poll(() => viewedSeconds(request, credentials.accessToken), { timeout: 15_000 }).toBe(watched);
});
