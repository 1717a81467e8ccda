/**
 * Where the web sends people to get the mobile app. The store pages are the product's public
 * listings; the web has no other way to know them, so they live here, in one place.
 */
export const appStoreUrl = 'https://apps.apple.com/ar/app/alcancia/id6450000000';
export const playStoreUrl = 'https://play.google.com/store/apps/details?id=ar.alcancia.app';

export type Platform = 'ios' | 'android' | 'other';

export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/** A page shown inside the app's web view (the store buttons make no sense there). */
export function isWebView(userAgent: string): boolean {
  return /; wv\)|\bWebView\b|(iPhone|iPad).*AppleWebKit(?!.*Safari)/i.test(userAgent);
}

/** The app-store link for this device: App Store on iOS, Google Play otherwise. */
export function appStoreDeepLink(userAgent: string): string {
  return platformOf(userAgent) === 'ios' ? appStoreUrl : playStoreUrl;
}
