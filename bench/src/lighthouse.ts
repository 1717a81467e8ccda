import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { log, outDir, type Settings } from './settings';

export interface AuditPage {
  route: string;
  url: string;
  loggedIn: boolean;
  available: boolean;
}

export interface AuditResult {
  route: string;
  url: string;
  available: boolean;
  error?: string;
  finalUrl?: string;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  lcpMs?: number;
  cls?: number;
  tbtMs?: number;
  /** failing audits worth reading (title and displayed value) */
  findings?: string[];
}

export interface Credentials {
  token: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
}

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Stores the session the way the web app does (localStorage `credentials`) on the app's origin. */
async function seedSession(port: number, origin: string, credentials: Credentials): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((value) => localStorage.setItem('credentials', value), JSON.stringify(credentials));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * Lighthouse 12 (mobile preset: the default config, simulated slow 4G and a 4× slower CPU) in
 * Debian's Chromium, against the production build the API serves. Logged-in pages run after the
 * session is stored, with `disableStorageReset` so Lighthouse keeps it.
 */
export async function runLighthouse(
  settings: Settings,
  origin: string,
  pages: AuditPage[],
  credentials: Credentials,
): Promise<AuditResult[]> {
  mkdirSync(path.join(outDir, 'lighthouse'), { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: settings.chromePath,
    chromeFlags,
    logLevel: 'silent',
  });
  const results: AuditResult[] = [];
  let seeded = false;
  try {
    // Anonymous pages first: a stored session would send /login on to /academy.
    for (const page of [...pages].sort((a, b) => Number(a.loggedIn) - Number(b.loggedIn))) {
      if (!page.available) {
        results.push({ route: page.route, url: page.url, available: false });
        log(`   ${page.route.padEnd(22)} not available yet`);
        continue;
      }
      if (page.loggedIn && !seeded) {
        await seedSession(chrome.port, origin, credentials);
        seeded = true;
      }
      try {
        const run = await lighthouse(`${origin}${page.url}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: page.loggedIn,
        });
        if (!run) throw new Error('Lighthouse returned no result');
        const lhr = run.lhr;
        writeFileSync(
          path.join(outDir, 'lighthouse', `${page.route.replace(/[^a-z0-9]+/gi, '_')}.json`),
          JSON.stringify(lhr),
        );
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const numeric = (id: string) => lhr.audits[id]?.numericValue;
        const findings = Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        const result: AuditResult = {
          route: page.route,
          url: page.url,
          available: true,
          finalUrl: lhr.finalDisplayedUrl,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: numeric('largest-contentful-paint'),
          cls: numeric('cumulative-layout-shift'),
          tbtMs: numeric('total-blocking-time'),
          findings,
        };
        if (lhr.runtimeError) result.error = lhr.runtimeError.message;
        results.push(result);
        log(
          `   ${page.route.padEnd(22)} perf ${result.performance}  a11y ${result.accessibility}  bp ${result.bestPractices}  LCP ${Math.round(result.lcpMs ?? 0)} ms  CLS ${(result.cls ?? 0).toFixed(3)}  TBT ${Math.round(result.tbtMs ?? 0)} ms${result.finalUrl && new URL(result.finalUrl).pathname !== page.url.split('?')[0] ? `  (ended at ${new URL(result.finalUrl).pathname})` : ''}`,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results.push({ route: page.route, url: page.url, available: true, error: message });
        log(`   ${page.route.padEnd(22)} Lighthouse failed: ${message}`);
      }
    }
  } finally {
    chrome.kill();
  }
  return results;
}
