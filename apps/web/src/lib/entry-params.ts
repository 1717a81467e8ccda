import { takeChannel } from './channel';

/**
 * Entry parameters (spec §4 Session): read from the query of any URL and passed on as router
 * state, so later screens (checkout, promo codes) find them after the session is settled.
 */
export interface EntryParams {
  deeplinkToReturn?: string;
  countryCode?: string;
  promoCode?: string;
  promoCodeOpen?: string;
  verification_code?: string;
  email?: string;
  programId?: string;
  programDiscountId?: string;
  fromApp?: true;
  isSubscribed?: true;
}

const textParams = [
  'deeplinkToReturn',
  'countryCode',
  'promoCode',
  'promoCodeOpen',
  'verification_code',
  'email',
  'programId',
  'programDiscountId',
] as const;
const flagParams = ['fromApp', 'isSubscribed'] as const;
const maxLength = 500;

/** The entry parameters present in a query string, or null when there are none. */
export function readEntryParams(search: string): EntryParams | null {
  const query = new URLSearchParams(search);
  const params: EntryParams = {};
  let found = false;
  for (const name of textParams) {
    const value = query.get(name)?.trim();
    if (value) {
      // ISO country codes are upper case; links written by hand may say "ar".
      params[name] = (name === 'countryCode' ? value.toUpperCase() : value).slice(0, maxLength);
      found = true;
    }
  }
  for (const name of flagParams) {
    if (query.get(name) === 'true') {
      params[name] = true;
      found = true;
    }
  }
  return found ? params : null;
}

/** True when the URL carries an e-mailed login code that restores the session first. */
export function hasSessionCode(params: EntryParams | null): params is EntryParams & {
  verification_code: string;
  email: string;
} {
  return Boolean(params?.verification_code && params.email);
}

/** The query without the one-time login code (it must not stay in history or be shared). */
export function withoutSessionCode(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('verification_code');
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/**
 * What the entry wrapper does with a URL before any page sees it, or null when there is nothing
 * to do (no channel, and the entry parameters are already in the router state or absent):
 * - `channel`: the acquisition channel to store (it leaves the URL);
 * - `restore`: the e-mailed login code to restore the session with first (it leaves the URL and
 *   is not passed on);
 * - `search` and `state`: the URL's query and the router state to replace the entry with; the
 *   other parameters stay in the URL and are passed on as `state.entry`.
 */
export interface EntryPlan {
  channel: string | null;
  restore: { email: string; code: string } | null;
  search: string;
  state: unknown;
}

export function planEntry(search: string, rawState: unknown): EntryPlan | null {
  const channel = takeChannel(search);
  const state = asNavigationState(rawState);
  const params = state.entry === undefined ? readEntryParams(channel.search) : null;
  if (channel.channel === null && params === null) return null;
  const restore = hasSessionCode(params) ? { email: params.email, code: params.verification_code } : null;
  let nextState = rawState;
  if (params) {
    const { verification_code: _used, ...entry } = params;
    nextState = { ...state, entry };
  }
  return { channel: channel.channel, restore, search: withoutSessionCode(channel.search), state: nextState };
}

/** Router state as the app writes it: entry parameters and the page to return to after login. */
export interface NavigationState {
  entry?: EntryParams;
  followingPage?: string;
  /** a success message for the next screen (password changed, account created) */
  notice?: string;
  /** an error message for the next screen (a failed social login) */
  error?: string;
  /** an e-mail to prefill */
  email?: string;
}

export function asNavigationState(state: unknown): NavigationState {
  return state && typeof state === 'object' ? (state as NavigationState) : {};
}

/** An in-app path ("/…", not "//…"), so a followingPage can never send the user elsewhere. */
export function safeFollowingPage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
