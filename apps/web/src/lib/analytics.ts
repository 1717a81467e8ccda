import type { AnalyticEvent } from '@alcancia/contract';
import { getChannel } from './channel';
import { readCredentials } from './session';
import { readItem, removeItem, writeItem } from './storage';

/**
 * Tracking events (spec: event, source web, deviceId, timestamp, identity, channel), posted to
 * /api/users/analytic. Tracking must never break the product: every failure is swallowed.
 */
export const deviceIdKey = 'deviceId';
export const identityKey = 'analyticsIdentity';

export type Identity = NonNullable<AnalyticEvent['identity']>;
export type EventProperties = Record<string, string | number | boolean | null | undefined>;

function randomId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    // fall through
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The random id of this browser, created on first use and kept in local storage. */
export function getDeviceId(): string {
  const existing = readItem(deviceIdKey);
  if (existing && existing.length >= 8) return existing;
  const id = randomId();
  writeItem(deviceIdKey, id);
  return id;
}

export function getIdentity(): Identity | null {
  const raw = readItem(identityKey);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as Identity) : null;
  } catch {
    return null;
  }
}

/** Merges what is known about the user into the identity sent with events. */
export function identify(identity: Identity): void {
  const merged: Identity = { ...(getIdentity() ?? {}) };
  for (const [key, value] of Object.entries(identity) as [keyof Identity, unknown][]) {
    if (value !== undefined && value !== null && value !== '') Object.assign(merged, { [key]: value });
  }
  writeItem(identityKey, JSON.stringify(merged));
}

export function clearIdentity(): void {
  removeItem(identityKey);
}

const maxProperties = 20;
const maxString = 500;

/** Keeps what the API accepts: at most 20 properties, short keys, strings up to 500 characters. */
export function cleanProperties(properties: EventProperties | undefined): AnalyticEvent['properties'] {
  if (!properties) return undefined;
  const clean: Record<string, string | number | boolean | null> = {};
  let count = 0;
  for (const [key, value] of Object.entries(properties)) {
    if (value === undefined || count >= maxProperties) continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    clean[key.slice(0, 64)] = typeof value === 'string' ? value.slice(0, maxString) : value;
    count += 1;
  }
  return count > 0 ? clean : undefined;
}

export function buildEvent(event: string, properties?: EventProperties): AnalyticEvent {
  const identity = getIdentity();
  const channel = getChannel();
  const payload: AnalyticEvent = {
    event,
    source: 'web',
    deviceId: getDeviceId(),
    timestamp: new Date().toISOString(),
  };
  if (identity && Object.keys(identity).length > 0) payload.identity = identity;
  if (channel) payload.channel = channel;
  const clean = cleanProperties(properties);
  if (clean) payload.properties = clean;
  return payload;
}

interface PendingEvent {
  body: string;
  headers: Record<string, string>;
}

/** Events tracked but not posted yet: they go out when the browser is idle, or when the page goes away. */
const pending: PendingEvent[] = [];
let scheduled = false;

/** Posts every pending event (each request on its own, as the API takes one event per request). */
export function flushEvents(): void {
  scheduled = false;
  for (const { body, headers } of pending.splice(0)) {
    try {
      fetch('/api/users/analytic', { method: 'POST', headers, body, keepalive: true }).catch(() => undefined);
    } catch {
      // tracking is best effort
    }
  }
}

/** The window whose `pagehide` posts what is pending (one listener per window). */
let listeningTo: Window | null = null;

function scheduleFlush(): void {
  if (typeof window !== 'undefined' && listeningTo !== window) {
    window.addEventListener('pagehide', flushEvents);
    listeningTo = window;
  }
  if (scheduled) return;
  scheduled = true;
  // Starting a request costs the page a few milliseconds: during a page load they would lengthen
  // its long tasks, so events wait for an idle moment (at most a second).
  if (typeof requestIdleCallback === 'function') requestIdleCallback(flushEvents, { timeout: 1000 });
  else setTimeout(flushEvents, 0);
}

/**
 * Tracks an event: built now (time, identity, token), posted shortly after (flushEvents). Never
 * throws and never rejects.
 */
export function track(event: string, properties?: EventProperties): void {
  try {
    const body = JSON.stringify(buildEvent(event, properties));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    // The server trusts only the token for the user id (the identity in the body is a claim).
    const token = readCredentials()?.accessToken;
    if (token) headers.authorization = `Bearer ${token}`;
    pending.push({ body, headers });
    scheduleFlush();
  } catch {
    // tracking is best effort
  }
}

/** The pageView event. Only the path is sent: query strings may hold e-mails and codes. */
export function pageView(path: string): void {
  track('pageView', { path });
}
