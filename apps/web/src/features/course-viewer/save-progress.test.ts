import { describe, expect, it } from 'vitest';
import { unloadSaveRequest } from './save-progress';

/** An unsigned token with only the payload the client reads (the server verifies the real ones). */
const tokenExpiringAt = (ms: number) =>
  `x.${btoa(JSON.stringify({ sub: 'u', exp: Math.floor(ms / 1000) }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.sig`;
const request = { courseId: 'c', progress: { moduleId: 'm', sectionId: 's', seconds: 120 } };
const now = Date.parse('2026-11-24T10:00:00Z');

describe('the save sent while the page closes', () => {
  it('uses the access token while it is valid', () => {
    const send = unloadSaveRequest(
      request,
      { accessToken: tokenExpiringAt(now + 600_000), refreshToken: 'r' },
      now,
    );
    expect(send?.url).toBe('/api/academy/progress');
    expect(send?.headers.authorization).toMatch(/^Bearer /);
    expect(JSON.parse(send?.body ?? '{}')).toEqual(request);
  });

  it('with an expired (or about to expire, or unreadable) access token, sends the session’s refresh token to the close-time route', () => {
    for (const accessToken of [tokenExpiringAt(now - 60_000), tokenExpiringAt(now + 10_000), 'garbage']) {
      const send = unloadSaveRequest(request, { accessToken, refreshToken: 'refresh-1' }, now);
      expect(send?.url).toBe('/api/academy/progress/on-close');
      expect(send?.headers.authorization).toBeUndefined();
      expect(JSON.parse(send?.body ?? '{}')).toEqual({ ...request, refreshToken: 'refresh-1' });
    }
  });

  it('sends nothing when logged out', () => {
    expect(unloadSaveRequest(request, null, now)).toBeNull();
  });
});
