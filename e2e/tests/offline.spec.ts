import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { demoCredentials, signIn } from './support/accounts';

/*
 * Alcancía in her pocket (issue 44): the installable app's manifest, and offline in Chromium with
 * the service worker on — her home opens, a kept class plays its audio, the progress made offline
 * reaches the server once when she is back online. The other specs block service workers
 * (playwright.config.ts); this one allows them.
 */
// a phone, where she keeps and plays classes
test.use({ serviceWorkers: 'allow', viewport: { width: 375, height: 812 } });

const subscriber = 'suscriptora@alcancia.local';
const courseId = 'tarjeta-de-credito';
// the demo's class with an HLS ladder (apps/api/media/videos/hls/clase-tarjeta): its audio rendition is kept
const sectionId = 'tarjeta-de-credito-m2-s1';

/**
 * Offline for the page and for its service worker: Chromium's offline emulation does not reach a
 * worker's own fetches (microsoft/playwright#2311), so those are aborted as a dead network would.
 */
const workerOffline = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**', workerOffline);
}
async function goOnline(context: BrowserContext) {
  await context.unroute('**', workerOffline);
  await context.setOffline(false);
}

const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test('the app is installable: a manifest with name, Novedades as start, standalone, reachable icons 192/512 and maskable', async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get('/login')).text();
  expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Alcancía',
    start_url: '/novedades',
    display: 'standalone',
    theme_color: '#5b2a86',
    background_color: '#f7f4fa',
  });
  // start_url inside the scope, both on this origin
  const scope = new URL(manifest.scope, baseURL);
  const start = new URL(manifest.start_url, baseURL);
  expect(start.origin).toBe(scope.origin);
  expect(start.pathname.startsWith(scope.pathname)).toBe(true);
  for (const wanted of ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']) {
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toContain(wanted);
  }
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toBe(icon.sizes);
  }
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  // a new version must be seen at once: the worker's script is never cached
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

async function controlled(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
    null,
    {
      timeout: 20_000,
    },
  );
}

test('offline: her home opens, a kept class plays its audio with its transcript, and its progress reaches the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const credentials = await demoCredentials(request, subscriber);
  await signIn(page, credentials);

  // online: her home, once (its reads are kept), and the service worker takes the page
  await page.goto('/novedades');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await controlled(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const homeHeading = await page.getByRole('heading', { level: 1 }).textContent();

  // she keeps a class
  await page.goto(`/academy/${courseId}/${sectionId}`);
  const keep = page.getByRole('button', { name: 'Guardar sin conexión' });
  await keep.click();
  await expect(page.getByText(/Guardada en este teléfono · \d/)).toBeVisible({ timeout: 20_000 });
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('alcancia-guardadas-v1');
    const metas = (await cache.keys()).filter((r) => r.url.endsWith('/meta.json'));
    return Promise.all(metas.map(async (r) => (await cache.match(r))?.json()));
  });
  expect(kept).toHaveLength(1);
  const [meta] = kept as {
    sectionId: string;
    bytes: number;
    duration: number;
    audioKind: string;
    transcriptPath: string | null;
  }[];
  expect(meta).toMatchObject({ sectionId, audioKind: 'hls' });
  expect(meta?.transcriptPath).not.toBeNull();
  // the budget: a 10-minute class in 10 MB at most (this one is 30 s of 50 kb/s audio)
  expect(((meta?.bytes ?? 0) / (meta?.duration ?? 1)) * 600).toBeLessThanOrEqual(10_000_000);

  await goOffline(context);
  // her home, with no network
  await page.goto('/novedades');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(homeHeading ?? '');
  await expect(page.getByText('Estás sin conexión')).toBeVisible({ timeout: 10_000 });

  // the kept class plays its audio
  await page.goto('/guardadas');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis clases guardadas' })).toBeVisible();
  await page.getByRole('button', { name: /^Escuchar / }).click();
  const audio = page.getByLabel(/^Audio de la clase:/);
  await expect(audio).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transcripción' })).toBeVisible();
  await audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(4);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
  const listened = Math.floor(await audio.evaluate((a: HTMLAudioElement) => a.currentTime));
  // queued on the device, with a key per event
  const queued = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('alcancia-progreso-sin-conexion') ?? '[]'),
  );
  expect(queued.length).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // back online: the queue goes to the API, once
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/academy/progress/offline') && r.request().method() === 'POST',
  );
  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const response = await sent;
  expect(response.status()).toBe(200);
  const body = response.request().postDataJSON() as { userId: string; events: { eventId: string }[] };
  const answer = (await response.json()) as { results: { eventId: string; outcome: string }[] };
  expect(answer.results.every((r) => r.outcome === 'saved')).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('alcancia-progreso-sin-conexion') ?? '[]').length),
    )
    .toBe(0);
  // the same events again (an answer lost on the way): written once
  const replay = await request.post('/api/academy/progress/offline', {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
    data: body,
  });
  expect(((await replay.json()) as { results: { outcome: string }[] }).results.map((r) => r.outcome)).toEqual(
    body.events.map(() => 'already-saved'),
  );
  const progress = await request.get(`/api/academy/progress/${courseId}`, {
    headers: { authorization: `Bearer ${credentials.accessToken}` },
  });
  const saved = (await progress.json()) as {
    in_progress_modules: Record<string, { sections: Record<string, { viewed_seconds: number }> }>;
    finished_modules: Record<string, true>;
  };
  const seconds = saved.in_progress_modules['tarjeta-de-credito-m2']?.sections[sectionId]?.viewed_seconds;
  expect(
    seconds === undefined ? saved.finished_modules['tarjeta-de-credito-m2'] : seconds >= listened,
  ).toBeTruthy();

  // she deletes what she kept
  await page.getByRole('button', { name: /^Borrar / }).click();
  await expect(page.getByText('Todavía no guardaste clases.', { exact: false })).toBeVisible();
});
