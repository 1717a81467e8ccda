import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../test/browser-stubs';
import { buildEvent, clearIdentity, getDeviceId, identify, pageView, track } from './analytics';

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

  it('posts to /api/users/analytic and never throws', async () => {
    track('pageView', { path: '/login' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/analytic',
      expect.objectContaining({ method: 'POST' }),
    );
    fetchMock.mockImplementation(() => {
      throw new Error('boom');
    });
    expect(() => pageView('/x')).not.toThrow();
    fetchMock.mockRejectedValue(new Error('offline'));
    expect(() => track('y')).not.toThrow();
  });

  it('trims properties to what the API accepts', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'x'.repeat(600)]));
    const { properties } = buildEvent('e', many);
    expect(Object.keys(properties ?? {})).toHaveLength(20);
    expect(properties?.k0).toHaveLength(500);
  });
});
