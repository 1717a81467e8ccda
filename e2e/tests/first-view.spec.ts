import { expect, type Page, type Route, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { signInAsDemo } from './support/accounts';

/*
 * Issue 30, "A fast first view": the catalogue's cards are skeletons of their own size until their
 * data comes (the academy and the public catalogue); the academy's catalogue calls start with the
 * session's, before the page's code has arrived; hovering, touching or focusing a course card asks
 * for its page (data and code) before the click, once.
 */

test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

/** A route that holds its requests until `release()`. */
function held(): { handler(route: Route): Promise<void>; release(): void; seen: Promise<void> } {
  let release!: () => void;
  let seenIt!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const seen = new Promise<void>((resolve) => {
    seenIt = resolve;
  });
  return {
    seen,
    release,
    async handler(route) {
      seenIt();
      await released;
      await route.continue();
    },
  };
}

const skeletons = (page: Page) => page.locator('.skeleton-card');
const loadingStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Cargando cursos…' });

async function expectSameSize(page: Page, skeleton: { width: number; height: number }, card: string) {
  const box = await page.locator(card).first().boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  // the same column, and about the same height: nothing below it jumps when the cards arrive
  expect(Math.abs(box.width - skeleton.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.height - skeleton.height) / box.height).toBeLessThan(0.2);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px, /academy: skeleton cards, catalogue calls before the page's code, then the cards; a card's course is asked for before the click`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAsDemo(page, 'suscriptora@alcancia.local');

    // The page's code arrives late: its session and catalogue calls (one request, decision 0230)
    // must not wait for it.
    let callsAsked = false;
    let callsBeforePageCode: boolean | null = null;
    page.on('request', (request) => {
      if (request.url().includes('/api/users/me/academy-home')) callsAsked = true;
    });
    await page.route(/\/assets\/academy-page-[^/]+\.js$/, async (route) => {
      const deadline = Date.now() + 5_000;
      while (!callsAsked && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      callsBeforePageCode = callsAsked;
      await route.continue();
    });
    const calls = held();
    await page.route('**/api/users/me/academy-home', calls.handler);

    await page.goto('/academy');
    await calls.seen;
    // the page's code is asked for by the HTML, beside the entry (decision 0231)
    await expect(page.locator('head link[rel="modulepreload"][href*="/academy-page-"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Academia' })).toBeVisible(slow);
    await expect(skeletons(page)).toHaveCount(4);
    await expect(loadingStatus(page)).toHaveCount(1);
    await expect(page.locator('.skeleton-cards ul')).toHaveAttribute('aria-hidden', 'true');
    expect(callsBeforePageCode).toBe(true);
    const skeletonBox = await skeletons(page).first().boundingBox();
    expect(skeletonBox).not.toBeNull();
    await expectNoSeriousA11yViolations(page);

    calls.release();
    const section = page.getByRole('region', { name: 'Cursos' });
    const firstLink = section.getByRole('article').first().getByRole('link');
    await expect(firstLink).toBeVisible(slow);
    await expect(skeletons(page)).toHaveCount(0);
    await expect(loadingStatus(page)).toHaveCount(0);
    if (skeletonBox) await expectSameSize(page, skeletonBox, '.card-grid .course-card');
    await expectNoSeriousA11yViolations(page);

    // Hover (or focus, as a keyboard or a screen reader reaches it): the course and the page's code.
    const href = await firstLink.getAttribute('href');
    expect(href).toMatch(/^\/academy\/[^/]+$/);
    const courseUrl = `/api${href}`;
    const courseCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === courseUrl) courseCalls.push(request.url());
    });
    const courseAsked = page.waitForRequest((request) => new URL(request.url()).pathname === courseUrl);
    const codeAsked = page.waitForRequest(/\/assets\/course-viewer-page-[^/]+\.js$/);
    if (viewport.width < 768) await firstLink.focus();
    else await firstLink.hover();
    await courseAsked;
    await codeAsked;
    expect(page.url()).toMatch(/\/academy$/);

    // Once per card: hovering and focusing again asks for nothing more; the click uses the cache.
    await page.mouse.move(0, 0);
    await firstLink.hover();
    await firstLink.focus();
    await firstLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(slow);
    expect(courseCalls).toHaveLength(1);
  });

  test(`at ${viewport.width} px, /cursos: skeleton tiles, then the courses; hovering a tile asks for its page before the click`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const list = held();
    await page.route('**/api/academy/public/courses*', list.handler);
    await page.goto('/cursos');
    await list.seen;
    await expect(page.getByRole('heading', { level: 1, name: 'Cursos' })).toBeVisible(slow);
    await expect(skeletons(page)).toHaveCount(6);
    await expect(loadingStatus(page)).toHaveCount(1);
    const skeletonBox = await skeletons(page).first().boundingBox();
    await expectNoSeriousA11yViolations(page);

    list.release();
    const tile = page.locator('.shop-grid > .card').first();
    const link = tile.getByRole('link');
    await expect(link).toBeVisible(slow);
    await expect(skeletons(page)).toHaveCount(0);
    if (skeletonBox) await expectSameSize(page, skeletonBox, '.shop-grid > .card');
    await expectNoSeriousA11yViolations(page);

    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/cursos\/[^/]+$/);
    const courseUrl = `/api/academy/public/${href?.split('/')[2]}`;
    let calls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === courseUrl) calls += 1;
    });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === courseUrl);
    const codeAsked = page.waitForRequest(/\/assets\/public-course-page-[^/]+\.js$/);
    if (viewport.width < 768) await link.focus();
    else await link.hover();
    await asked;
    await codeAsked;
    expect(page.url()).toMatch(/\/cursos$/);
    await link.hover();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(slow);
    expect(calls).toBe(1);
  });
}

/** The API paths a page's load asks for, in order (Playwright's request events). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return calls;
}

const sessionCalls = [
  '/api/users',
  '/api/users/isSubscribed',
  '/api/users/subscriptions/lastOrigin',
  '/api/service-control/COMMUNITY',
  '/api/service-control/CHAT_BOT',
  '/api/remote-config/feature-flags',
];

test('a first /academy load asks for the session and the catalogue’s first lists once (GET /api/users/me/academy-home), none of them alone; a visitor never does', async ({
  page,
}) => {
  await signInAsDemo(page, 'suscriptora@alcancia.local');
  const calls = apiCalls(page);
  await page.goto('/academy');
  const section = page.getByRole('region', { name: 'Cursos' });
  await expect(section.getByRole('article').first()).toBeVisible(slow);
  await page.waitForLoadState('networkidle');
  await test
    .info()
    .attach('api-calls-first-academy-load', { body: calls.join('\n'), contentType: 'text/plain' });
  expect(calls.filter((path) => path === '/api/users/me/academy-home')).toHaveLength(1);
  // the bootstrap (the session's pieces, decision 0170) and the catalogue's lists came in it
  expect(calls.filter((path) => path === '/api/users/me/bootstrap' || sessionCalls.includes(path))).toEqual(
    [],
  );
  expect(calls.filter((path) => path === '/api/academy/courses/quick')).toEqual([]);

  // a visitor's first load of the shop window: no session, no bootstrap
  await page.evaluate(() => localStorage.removeItem('credentials'));
  const visitorFrom = calls.length;
  await page.goto('/cursos');
  await expect(page.locator('.shop-grid > .card').first()).toBeVisible(slow);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(slow);
  await page.waitForLoadState('networkidle');
  const visitorCalls = calls.slice(visitorFrom);
  expect(
    visitorCalls.filter(
      (path) =>
        path === '/api/users/me/bootstrap' ||
        path === '/api/users/me/academy-home' ||
        sessionCalls.slice(0, 3).includes(path),
    ),
  ).toEqual([]);
});
