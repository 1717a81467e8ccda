/**
 * What the service worker keeps and for whom (issue 44, decision 0363). Pure rules, shared by the
 * worker (sw.ts) and the page (which clears her caches when her session ends), and tested.
 */

/** Her API reads, one cache per account: `alcancia-api-{key of her account}`. */
export const apiCachePrefix = 'alcancia-api-';
/** Code and images she has loaded (hashed, immutable: shared by every account). */
export const seenAssetsCache = 'alcancia-archivos-vistos';

/**
 * The API reads kept for offline use (network first): her home, the academy and her progress, the
 * shell's configuration. Never a payment, a checkout, a subscription or an order, never a file's
 * signed address (`file-url`), never the back office.
 */
const apiReads = [
  /^\/api\/users\/me\/(bootstrap|academy-home)$/,
  /^\/api\/academy\/(?!file-url\/)(?!.*\/certificate)/,
  /^\/api\/(service-control|remote-config)(\/|$)/,
  /^\/api\/(news|novedades)(\/|$)/,
  /^\/api\/users\/me\/(news|novedades|home|weekly-goal|goal)(\/|$)/,
];
const neverCached =
  /(payment|checkout|subscription|order|refund|invoice|withdrawal|card|purchase|admin|promo)/i;

export function isCachedApiRead(pathname: string, method: string): boolean {
  if (method !== 'GET' || neverCached.test(pathname)) return false;
  return apiReads.some((read) => read.test(pathname));
}

/** Hashed code, styles, fonts and cover images she has loaded: kept once seen. */
export function isSeenAsset(pathname: string): boolean {
  return (
    /^\/assets\/[^/]+\.(js|css|woff2?)$/.test(pathname) ||
    /^\/(covers|media\/thumbnails)\/[^/]+$/.test(pathname)
  );
}

/**
 * The navigations the app's shell answers (every page of the single-page app); the server's own
 * addresses are not pages of the app.
 */
export function isAppNavigation(pathname: string): boolean {
  if (/^\/(api|media|sandbox|dev|metrics|covers|assets|sin-conexion)(\/|$)/.test(pathname)) return false;
  return !/\.[a-z0-9]{2,5}$/i.test(pathname);
}

/** The account an access token was issued to (its `sub`), read without verifying it; null when none. */
export function tokenSubject(authorization: string | null): string | null {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/** Her cache's name: her account id, hashed (no id in a cache's name), or `publico` without a session. */
export async function apiCacheName(authorization: string | null): Promise<string> {
  const subject = tokenSubject(authorization);
  if (!subject) return `${apiCachePrefix}publico`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(subject));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${apiCachePrefix}${hex.slice(0, 24)}`;
}
