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
  /** bytes transferred by the page's load, by kind (Lighthouse's resource summary): fonts and
   * images count beside the scripts */
  bytes?: { total: number; script: number; stylesheet: number; font: number; image: number; other: number };
  /** every run's scores (performance, LCP, CLS, TBT); the fields above are the median run's */
  runs?: { performance: number; lcpMs: number; cls: number; tbtMs: number }[];
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

/** The full Lighthouse result of each audit, to save the median run's. */
const lhrs = new WeakMap<AuditResult, unknown>();
/** The page-load trace of each audit (Lighthouse records it unthrottled), saved when asked. */
const traces = new WeakMap<AuditResult, unknown>();

/** One Lighthouse run of a page; throws when Lighthouse could not measure it. */
async function auditOnce(page: AuditPage, origin: string, port: number): Promise<AuditResult> {
  const run = await lighthouse(`${origin}${page.url}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: page.loggedIn,
  });
  if (!run) throw new Error('Lighthouse returned no result');
  const lhr = run.lhr;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
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
  const summary = (
    lhr.audits['resource-summary']?.details as
      | { items?: { resourceType: string; transferSize: number }[] }
      | undefined
  )?.items;
  const transferred = (type: string) => summary?.find((i) => i.resourceType === type)?.transferSize ?? 0;
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
    bytes: summary
      ? {
          total: transferred('total'),
          script: transferred('script'),
          stylesheet: transferred('stylesheet'),
          font: transferred('font'),
          image: transferred('image'),
          other: transferred('other') + transferred('document') + transferred('media'),
        }
      : undefined,
  };
  lhrs.set(result, lhr);
  traces.set(result, (run.artifacts as { Trace?: unknown }).Trace);
  return result;
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
      const runs: AuditResult[] = [];
      let failure: string | undefined;
      // Lighthouse varies from run to run; its authors advise the median of several. A run that
      // fails to record (e.g. NO_NAVSTART) is repeated once.
      for (
        let attempt = 0;
        runs.length < settings.lighthouseRuns && attempt < settings.lighthouseRuns + 1;
        attempt++
      ) {
        try {
          runs.push(await auditOnce(page, origin, chrome.port));
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
          log(`   ${page.route.padEnd(22)} Lighthouse run failed: ${failure}`);
        }
      }
      if (runs.length === 0) {
        results.push({ route: page.route, url: page.url, available: true, error: failure ?? 'no run' });
        continue;
      }
      const byPerformance = [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
      const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)] as AuditResult;
      const result: AuditResult = {
        ...median,
        runs: runs.map((r) => ({
          performance: r.performance ?? 0,
          lcpMs: r.lcpMs ?? 0,
          cls: r.cls ?? 0,
          tbtMs: r.tbtMs ?? 0,
        })),
      };
      const fileName = page.route.replace(/[^a-z0-9]+/gi, '_');
      writeFileSync(path.join(outDir, 'lighthouse', `${fileName}.json`), JSON.stringify(lhrs.get(median)));
      // For finding what a long task is made of: open it in Chrome DevTools' Performance panel.
      if (process.env.BENCH_LIGHTHOUSE_TRACES === '1') {
        writeFileSync(
          path.join(outDir, 'lighthouse', `${fileName}.trace.json`),
          JSON.stringify(traces.get(median)),
        );
      }
      results.push(result);
      log(
        `   ${page.route.padEnd(22)} perf ${result.performance} (runs ${runs.map((r) => r.performance).join(', ')})  a11y ${result.accessibility}  bp ${result.bestPractices}  LCP ${Math.round(result.lcpMs ?? 0)} ms  CLS ${(result.cls ?? 0).toFixed(3)}  TBT ${Math.round(result.tbtMs ?? 0)} ms${result.finalUrl && new URL(result.finalUrl).pathname !== page.url.split('?')[0] ? `  (ended at ${new URL(result.finalUrl).pathname})` : ''}`,
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}
