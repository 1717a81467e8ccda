import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../test/browser-stubs';
import { buildEvent, clearIdentity, flushEvents, getDeviceId, identify, pageView, track } from './analytics';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubStorage();
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('analytics', () => {
  it('keeps one random device id per browser', () => {
    const id = getDeviceId();
    expect(id.length).toBeGreaterThanOrEqual(8);
    expect(getDeviceId()).toBe(id);
    expect(localStorage.getItem('deviceId')).toBe(id);
  });

  it('builds the spec event with identity and channel when known', () => {
    localStorage.setItem('channel', 'instagram');
    identify({ userId: 'u1', email: 'ana@example.com' });
    identify({ name: 'Ana', isSubscribed: false });
    const event = buildEvent('logged_in', { source: 'login', skipped: undefined });
    expect(event).toMatchObject({
      event: 'logged_in',
      source: 'web',
      channel: 'instagram',
      identity: { userId: 'u1', email: 'ana@example.com', name: 'Ana', isSubscribed: false },
      properties: { source: 'login' },
    });
    expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
    clearIdentity();
    expect(buildEvent('x').identity).toBeUndefined();
  });

  it('posts to /api/users/analytic shortly after, with the token of the moment, and never throws', async () => {
    localStorage.setItem(
      'credentials',
      JSON.stringify({ accessToken: 'token-1', refreshToken: 'r', userId: 'u1' }),
    );
    track('pageView', { path: '/login' });
    // Not during the task that tracked it (a page load's long tasks stay short)...
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.removeItem('credentials');
    // ...but right after, as it was when tracked.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users/analytic');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { authorization: 'Bearer token-1' },
    });
    expect(JSON.parse(String(init.body))).toMatchObject({
      event: 'pageView',
      properties: { path: '/login' },
    });

    fetchMock.mockImplementation(() => {
      throw new Error('boom');
    });
    expect(() => pageView('/x')).not.toThrow();
    expect(() => flushEvents()).not.toThrow();
    fetchMock.mockRejectedValue(new Error('offline'));
    expect(() => track('y')).not.toThrow();
    expect(() => flushEvents()).not.toThrow();
  });

  it('sends every pending event, once, when the page goes away', () => {
    vi.stubGlobal('window', new EventTarget());
    track('a');
    track('b');
    window.dispatchEvent(new Event('pagehide'));
    const events = fetchMock.mock.calls.map(
      ([, init]) => JSON.parse(String((init as RequestInit).body)).event,
    );
    expect(events).toEqual(['a', 'b']);
    flushEvents();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('trims properties to what the API accepts', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'x'.repeat(600)]));
    const { properties } = buildEvent('e', many);
    expect(Object.keys(properties ?? {})).toHaveLength(20);
    expect(properties?.k0).toHaveLength(500);
  });
});
