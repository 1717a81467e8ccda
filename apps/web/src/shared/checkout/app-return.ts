import type { EntryParams } from '../../lib/entry-params';
import { readItem, removeItem, writeItem } from '../../lib/storage';

/**
 * App-return info (spec §3): fromApp and deeplinkToReturn, kept in local storage before the
 * browser leaves for an external checkout, read by the success screen and cleared on continue.
 */
export const appReturnKey = 'appReturnInfo';

/** The app's academy screen: where a purchase started in the app goes back to by default. */
export const appAcademyDeepLink = 'alcancia://academy';

export interface AppReturnInfo {
  fromApp: boolean;
  deeplinkToReturn: string | null;
}

/**
 * Only the app's own scheme, and https links of this site (the app's universal links), may be
 * followed: a deep link arrives in a URL that anyone can write, so neither javascript: nor
 * another site (a fake "pay again" page right after a real payment) is ever navigated to.
 */
export function safeDeepLink(
  value: string | null | undefined,
  siteOrigin: string | undefined = globalThis.location?.origin,
): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'alcancia:') return url.href;
    return url.protocol === 'https:' && url.origin === siteOrigin ? url.href : null;
  } catch {
    return null;
  }
}

export function appReturnFromEntry(entry: EntryParams | undefined): AppReturnInfo | null {
  if (!entry?.fromApp) return null;
  return { fromApp: true, deeplinkToReturn: safeDeepLink(entry.deeplinkToReturn) };
}

export function saveAppReturn(info: AppReturnInfo | null): void {
  if (info?.fromApp) writeItem(appReturnKey, JSON.stringify(info));
  else removeItem(appReturnKey);
}

export function readAppReturn(): AppReturnInfo | null {
  const raw = readItem(appReturnKey);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AppReturnInfo> | null;
    if (!value?.fromApp) return null;
    return {
      fromApp: true,
      deeplinkToReturn: safeDeepLink(
        typeof value.deeplinkToReturn === 'string' ? value.deeplinkToReturn : null,
      ),
    };
  } catch {
    return null;
  }
}

export function clearAppReturn(): void {
  removeItem(appReturnKey);
}

/** Where the app user goes back to: the return deep link, or the app's academy. */
export function appDeepLinkOf(info: AppReturnInfo): string {
  return info.deeplinkToReturn ?? appAcademyDeepLink;
}
