import { keptCacheName } from '../../features/course-viewer/offline-keeping';
import { readCredentials, subscribeToSession } from '../../lib/session';
import { apiCachePrefix } from '../../service-worker/cache-rules';

/**
 * The page's side of the installable app (issue 44, decision 0363), loaded by main.tsx once the
 * page has loaded (not in the first load): it registers the service worker once the page has loaded, tells when a new version waits
 * (she chooses when to take it: "Actualizar"; nothing reloads under her), keeps the browser's
 * install offer for a calm moment, and clears her cached reads and kept classes when her session
 * ends on this device. The prompts themselves load later (pwa-prompts.tsx).
 */

/** The browser's install offer (Chromium's `beforeinstallprompt`), kept until she is asked. */
export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** a new version is installed and waits */
  updateWaiting: boolean;
  /** the browser would install the app now */
  installOffer: InstallOffer | null;
}

let state: PwaState = { updateWaiting: false, installOffer: null };
let waitingWorker: ServiceWorker | null = null;
let updating = false;
const listeners = new Set<() => void>();

function set(next: Partial<PwaState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const pwaSnapshot = (): PwaState => state;
export function subscribeToPwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** She chose "Actualizar": the waiting version takes over and the page reloads once. */
export function applyUpdate(): void {
  if (!waitingWorker) return;
  updating = true;
  waitingWorker.postMessage({ type: 'SKIP_WAITING' });
}

/** The install offer was used or turned down: the browser makes a new one if ever. */
export function forgetInstallOffer(): void {
  set({ installOffer: null });
}

/** Her API reads and kept classes, deleted (her session ended here, or another account came). */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(apiCachePrefix) || name === keptCacheName)
      .map((name) => caches.delete(name)),
  );
}

function watch(registration: ServiceWorkerRegistration): void {
  const waiting = (worker: ServiceWorker | null) => {
    // the first install has no version to replace: nothing to announce
    if (!worker || !navigator.serviceWorker.controller) return;
    waitingWorker = worker;
    set({ updateWaiting: true });
  };
  waiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') waiting(installing);
    });
  });
  // an app left open for days still hears of new versions
  setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
}

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // the browser's own banner would come at any moment: she is asked at a calm one instead
    event.preventDefault();
    set({ installOffer: event as InstallOffer });
  });
  window.addEventListener('appinstalled', () => set({ installOffer: null }));
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) window.location.reload();
  });

  let userId = readCredentials()?.userId ?? null;
  subscribeToSession(() => {
    const now = readCredentials()?.userId ?? null;
    if (now === userId) return;
    if (userId !== null) void clearPersonalCaches();
    userId = now;
  });

  const start = () => {
    // a session that ended while no page was open leaves nothing of hers behind
    if (userId === null) void clearPersonalCaches();
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watch)
      .catch(() => undefined);
  };
  // after the first load: the worker's downloads never compete with the page's own
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', () => setTimeout(start, 0), { once: true });
}
