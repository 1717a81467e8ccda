import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession } from 'puppeteer-core';
import type { Credentials } from './lighthouse';
import { log, outDir, type Settings } from './settings';

/**
 * Issue 30, "A fast first view": how long a first visit takes to show what it is for, in Chromium
 * on the shipped build, with the network emulated at 400 ms a round trip and 1.5 Mb/s (CDP
 * Network.emulateNetworkConditions, both ways), the cache disabled, each run in a fresh browser
 * context (cold: no cache, no cookies, no storage but the session it is given). The moment is taken
 * in the page: a requestAnimationFrame loop, injected before the page's own scripts, notes
 * performance.now() (milliseconds since the navigation started) at the first frame in which the
 * element is laid out, displayed and not transparent (itself and its ancestors) and, for an image,
 * loaded. The CPU is not slowed down: the figure is the network's and the page's order of calls.
 */

/** 400 ms a round trip, 1.5 Mb/s = 187 500 bytes a second each way. */
export const slowNetwork = {
  offline: false,
  latency: 400,
  downloadThroughput: 187_500,
  uploadThroughput: 187_500,
} as const;

/** A phone's screen, as Lighthouse's mobile preset emulates it. */
const phone = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const chromeArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface FirstViewPage {
  /** the row's name in the report */
  route: string;
  url: string;
  /** what must be visible, for the report */
  what: string;
  budgetMs: number;
  /** a logged-in visit: the session is in localStorage before the page's first script runs */
  loggedIn: boolean;
  /** the marks (see `markScript`) whose latest is the figure */
  marks: ('card' | 'title' | 'cover')[];
}

export interface WaterfallEntry {
  url: string;
  /** ms since the navigation started */
  startMs: number;
  endMs: number;
  /** bytes on the wire (headers and compressed body) */
  bytes: number;
  status: number;
}

export interface FirstViewRun {
  ms: number;
  marks: Record<string, number>;
  requests: number;
  bytes: number;
  waterfall: WaterfallEntry[];
}

export interface FirstViewResult {
  route: string;
  url: string;
  what: string;
  budgetMs: number;
  error?: string;
  /** every run's figure, in the order run */
  runs?: number[];
  /** the median run (by its figure) */
  median?: FirstViewRun;
}

/**
 * Runs in the page before its scripts: notes when each thing is first on screen. `card`: the
 * academy's first course card (not a skeleton); `title`: the public course page's h1 with its
 * name; `cover`: that page's cover (an image loaded, or the fallback box when it has none).
 */
const markScript = `(() => {
  const marks = {};
  window.__firstView = marks;
  const shown = (el) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    }
    return true;
  };
  const loaded = (el) => el.tagName !== 'IMG' || (el.complete && el.naturalWidth > 0);
  const tick = () => {
    const now = performance.now();
    const card = document.querySelector('.course-card');
    if (marks.card === undefined && shown(card) && card.textContent.trim()) marks.card = now;
    const title = document.querySelector('#shop-course-title');
    if (marks.title === undefined && shown(title) && title.textContent.trim()) marks.title = now;
    const cover = document.querySelector('.shop-course .shop-cover');
    if (marks.cover === undefined && shown(cover) && loaded(cover)) marks.cover = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** Request timings from CDP's Network events, relative to the document's request. */
function recordWaterfall(cdp: CDPSession): () => WaterfallEntry[] {
  const started = new Map<string, { url: string; at: number }>();
  const status = new Map<string, number>();
  const entries: WaterfallEntry[] = [];
  let origin: number | undefined;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    origin ??= e.timestamp;
    started.set(e.requestId, { url: e.request.url, at: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => {
    status.set(e.requestId, e.response.status);
  });
  const finish = (requestId: string, timestamp: number, bytes: number) => {
    const start = started.get(requestId);
    if (!start || origin === undefined) return;
    started.delete(requestId);
    entries.push({
      url: start.url,
      startMs: (start.at - origin) * 1000,
      endMs: (timestamp - origin) * 1000,
      bytes,
      status: status.get(requestId) ?? 0,
    });
  };
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.timestamp, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, e.timestamp, 0));
  return () => [...entries].sort((a, b) => a.startMs - b.startMs);
}

async function runOnce(
  browser: Browser,
  origin: string,
  page: FirstViewPage,
  credentials: Credentials,
): Promise<FirstViewRun> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport(phone);
    if (page.loggedIn) {
      // the app's own storage of a session (lib/session.ts), there before its first script
      await tab.evaluateOnNewDocument(
        (value: string) => localStorage.setItem('credentials', value),
        JSON.stringify(credentials),
      );
    }
    await tab.evaluateOnNewDocument(markScript);
    // Network.setCacheDisabled and Network.emulateNetworkConditions on the page's own session
    await tab.setCacheEnabled(false);
    await tab.emulateNetworkConditions({
      download: slowNetwork.downloadThroughput,
      upload: slowNetwork.uploadThroughput,
      latency: slowNetwork.latency,
    });
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.enable');
    const waterfall = recordWaterfall(cdp);
    await tab.goto(`${origin}${page.url}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await tab.waitForFunction(
      (names: string[]) => {
        const marks = (window as unknown as { __firstView?: Record<string, number> }).__firstView ?? {};
        return names.every((name) => marks[name] !== undefined);
      },
      { timeout: 30_000, polling: 50 },
      page.marks,
    );
    const marks = await tab.evaluate(
      () => (window as unknown as { __firstView: Record<string, number> }).__firstView,
    );
    const ms = Math.max(...page.marks.map((name) => marks[name] ?? Number.POSITIVE_INFINITY));
    // what was asked for until then (later requests are listed too, marked by their start)
    const entries = waterfall();
    return {
      ms,
      marks,
      requests: entries.filter((e) => e.startMs <= ms).length,
      bytes: entries.filter((e) => e.endMs <= ms).reduce((sum, e) => sum + e.bytes, 0),
      waterfall: entries,
    };
  } finally {
    await context.close();
  }
}

/** Each page `settings.firstViewRuns` times, cold; the median run is kept with its waterfall. */
export async function measureFirstView(
  settings: Settings,
  origin: string,
  pages: FirstViewPage[],
  credentials: Credentials,
): Promise<FirstViewResult[]> {
  mkdirSync(path.join(outDir, 'first-view'), { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: settings.chromePath,
    headless: true,
    args: chromeArgs,
  });
  const results: FirstViewResult[] = [];
  try {
    for (const page of pages) {
      const base = { route: page.route, url: page.url, what: page.what, budgetMs: page.budgetMs };
      const runs: FirstViewRun[] = [];
      let failure: string | undefined;
      for (let i = 0; i < settings.firstViewRuns; i++) {
        try {
          runs.push(await runOnce(browser, origin, page, credentials));
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
          log(`   ${page.route.padEnd(22)} run failed: ${failure}`);
        }
      }
      if (runs.length === 0) {
        results.push({ ...base, error: failure ?? 'no run' });
        continue;
      }
      const sorted = [...runs].sort((a, b) => a.ms - b.ms);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] as FirstViewRun;
      const fileName = page.route.replace(/[^a-z0-9]+/gi, '_');
      writeFileSync(path.join(outDir, 'first-view', `${fileName}.json`), JSON.stringify(median, null, 1));
      results.push({ ...base, runs: runs.map((r) => r.ms), median });
      log(
        `   ${page.route.padEnd(22)} ${Math.round(median.ms)} ms (runs ${runs.map((r) => Math.round(r.ms)).join(', ')}; budget ${page.budgetMs} ms), ${median.requests} requests, ${(median.bytes / 1024).toFixed(0)} KB`,
      );
    }
  } finally {
    await browser.close();
  }
  return results;
}
