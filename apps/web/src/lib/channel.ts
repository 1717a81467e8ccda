import { readItem, writeItem } from './storage';

/**
 * The acquisition channel: a `channel` query parameter on any URL is remembered (it is sent with
 * every tracking event) and removed from the address bar so it is not shared or bookmarked.
 */
export const channelKey = 'channel';
const channelParam = 'channel';
const maxChannelLength = 64;

export function getChannel(): string | null {
  return readItem(channelKey);
}

export function storeChannel(channel: string): void {
  const value = channel.trim().slice(0, maxChannelLength);
  if (value) writeItem(channelKey, value);
}

/** Splits a query string into the channel (if any) and the query without it ('' or '?…'). */
export function takeChannel(search: string): { channel: string | null; search: string } {
  const params = new URLSearchParams(search);
  if (!params.has(channelParam)) return { channel: null, search };
  const channel = params.get(channelParam);
  params.delete(channelParam);
  const rest = params.toString();
  return { channel, search: rest ? `?${rest}` : '' };
}

interface BrowserLike {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

/**
 * Stores the channel of the current URL and rewrites the URL without it (history.replaceState,
 * keeping the history state so the router keeps its bookkeeping). Returns the channel found.
 */
export function captureChannelFromUrl(browser: BrowserLike = window): string | null {
  const { channel, search } = takeChannel(browser.location.search);
  if (channel === null) return null;
  if (channel) storeChannel(channel);
  browser.history.replaceState(
    browser.history.state,
    '',
    `${browser.location.pathname}${search}${browser.location.hash}`,
  );
  return channel;
}
