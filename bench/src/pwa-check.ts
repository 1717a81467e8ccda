/**
 * Issue 44's measures of the installable app, run by hand against a running build (not in npm test
 * nor in npm run bench): `ORIGIN=http://127.0.0.1:3471 npx tsx bench/src/pwa-check.ts`.
 * - installability: Chromium's own verdict (CDP Page.getInstallabilityErrors) on /novedades at
 *   375 px once the service worker controls the page;
 * - Lighthouse 12 (mobile preset, 375 px wide) on /novedades, logged in: performance and
 *   accessibility (Lighthouse 12 has no PWA category any more: installability is Chromium's);
 * - her home's first content (first-contentful-paint) at 400 ms a round trip and 1.5 Mb/s, cold
 *   (fresh context, no cache) and from the service worker (same context, the worker in control,
 *   the HTTP cache off; the worker's own fetches throttled too), median of 5 each.
 * Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { slowNetwork } from './first-view';

const origin = process.env.ORIGIN ?? 'http://127.0.0.1:3471';
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const email = process.env.PWA_EMAIL ?? 'suscriptora@alcancia.local';
const phone = { width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

async function login(): Promise<string> {
  const response = await fetch(`${origin}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Alcancia2026' }),
  });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  return JSON.stringify(await response.json());
}

async function withSession(page: Page, credentials: string) {
  await page.goto(`${origin}/api/health`);
  await page.evaluate((value) => localStorage.setItem('credentials', value), credentials);
}

async function throttle(page: Page) {
  const client = await page.createCDPSession();
  await client.send('Network.enable');
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  await client.send('Network.emulateNetworkConditions', slowNetwork);
}

/** ms from navigation start to first-contentful-paint, and to the frame her home's heading shows in */
async function firstContent(page: Page): Promise<{ fcp: number; heading: number }> {
  await page.goto(`${origin}/novedades`, { waitUntil: 'domcontentloaded' });
  const heading = (await (
    await page.waitForFunction(() => (document.querySelector('main h1, h1') ? performance.now() : 0), {
      polling: 'raf',
      timeout: 30_000,
    })
  ).jsonValue()) as number;
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, {
    timeout: 30_000,
  });
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  );
  return { fcp, heading };
}

async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, { timeout: 30_000 });
}

async function throttleWorkers(browser: Browser) {
  for (const target of browser.targets().filter((t) => t.type() === 'service_worker')) {
    const session = await target.createCDPSession();
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', slowNetwork);
  }
}

async function main() {
  const credentials = await login();
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--no-first-run'],
  });
  const out: Record<string, unknown> = { origin };
  try {
    // installability
    {
      // the default context: Chromium installs nothing from an incognito one
      const page = await browser.defaultBrowserContext().newPage();
      await page.setViewport(phone);
      await withSession(page, credentials);
      await page.goto(`${origin}/novedades`, { waitUntil: 'load' });
      await controlled(page);
      const client = await page.createCDPSession();
      const { installabilityErrors } = (await client.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      const manifest = (await client.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      out.installability = {
        errors: installabilityErrors.map((e) => e.errorId),
        manifestErrors: manifest.errors,
        manifestUrl: manifest.url,
      };
      await page.close();
    }
    // first content: cold, then from the service worker
    const cold: { fcp: number; heading: number }[] = [];
    const warm: { fcp: number; heading: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(phone);
      await withSession(page, credentials);
      await throttle(page);
      cold.push(await firstContent(page));
      await controlled(page);
      // let the precache finish, then the worker answers
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await new Promise((r) => setTimeout(r, 4000));
      await throttleWorkers(browser);
      warm.push(await firstContent(page));
      await context.close();
    }
    const figures = (runs: { fcp: number; heading: number }[]) => ({
      fcpMs: runs.map((r) => Math.round(r.fcp)),
      fcpMedianMs: Math.round(median(runs.map((r) => r.fcp))),
      headingMs: runs.map((r) => Math.round(r.heading)),
      headingMedianMs: Math.round(median(runs.map((r) => r.heading))),
    });
    out.firstContent = { cold: figures(cold), fromServiceWorker: figures(warm) };
  } finally {
    await browser.close();
  }
  // Lighthouse on /novedades at 375 px, logged in
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--no-first-run'],
  });
  try {
    const connected = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await connected.newPage();
    await withSession(page, credentials);
    await page.close();
    await connected.disconnect();
    const scores: {
      performance: number;
      accessibility: number;
      fcpMs: number;
      lcpMs: number;
      tbtMs: number;
      findings: string[];
    }[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await lighthouse(`${origin}/novedades`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 375, height: 812, deviceScaleFactor: 2, disabled: false },
      });
      const lhr = run?.lhr;
      if (!lhr) continue;
      scores.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
        findings: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'numeric')
          .map((a) => `${a.id} ${a.displayValue ?? ''}`),
      });
    }
    out.lighthouse = scores;
  } finally {
    await chrome.kill();
  }
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}

await main();
