/// <reference lib="webworker" />
/**
 * Alcancía's service worker (issue 44, decision 0363), built by vite-plugin-pwa (injectManifest)
 * into dist/sw.js:
 * - the app's shell is precached (index.html, the code of the home, the shell and the kept
 *   classes, and the offline page) and answers every navigation of the app, online or not;
 * - code, styles and covers she has loaded are kept once seen (hashed, so never stale);
 * - her API reads of the home and the academy go to the network first and are kept, per account,
 *   for when there is none; payments, checkouts and files' signed addresses never are;
 * - the classes she kept are played from their own cache (`/sin-conexion/…`);
 * - a new version waits until she says "Actualizar" (the page sends SKIP_WAITING).
 * Reminders' push handlers come from the reminders feature.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { keptCacheName, keptPrefix } from '../features/course-viewer/offline-keeping';
import { registerPushHandlers } from '../features/reminders/service-worker-push';
import { apiCacheName, isAppNavigation, isCachedApiRead, isSeenAsset, seenAssetsCache } from './cache-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// every page of the app: the precached shell (the app's router decides)
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppNavigation(url.pathname),
  createHandlerBoundToURL('/index.html'),
);
// a kept class's files: only from their cache (nothing there: not found, never the network)
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith(keptPrefix),
  async ({ request }) =>
    (await caches.match(request, { cacheName: keptCacheName, ignoreSearch: true, ignoreVary: true })) ??
    new Response('', { status: 404 }),
);
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && isSeenAsset(url.pathname),
  new CacheFirst({
    cacheName: seenAssetsCache,
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
const apiStrategies = new Map<string, NetworkFirst>();
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isCachedApiRead(url.pathname, request.method),
  async (options) => {
    const name = await apiCacheName(options.request.headers.get('authorization'));
    let strategy = apiStrategies.get(name);
    if (!strategy) {
      strategy = new NetworkFirst({
        cacheName: name,
        // tokens change every few minutes: the same read of the same account matches
        matchOptions: { ignoreVary: true },
        plugins: [
          new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
        ],
      });
      apiStrategies.set(name, strategy);
    }
    return strategy.handle(options);
  },
);

// what failed and was not kept: a page of the server gets the Spanish offline page
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate' || request.destination === 'document') {
    return (await matchPrecache('/offline.html')) ?? Response.error();
  }
  return Response.error();
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // she chose "Actualizar": the new version takes over (the page reloads on controllerchange)
  if (type === 'SKIP_WAITING') void self.skipWaiting();
});

// a page opened after this worker is active is controlled at once (the first install included)
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

registerPushHandlers(self);
