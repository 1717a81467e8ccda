import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens, verifyAccessToken } from './authentication';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-0123456789');
const now = Math.floor(Date.now() / 1000);
const userId = '2f1d8a34-5c6e-4b7a-9d0e-1f2a3b4c5d6e';

/** A token with any header and payload, signed (HS256) with `key`. */
function handMade(header: object, payload: object, key: Uint8Array = secret): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode(header)}.${encode(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('access token verification', () => {
  it('accepts the tokens the API signs, with their user id', async () => {
    const tokens = createAccessTokens(secret, 900);
    expect(tokens.verify(await tokens.sign(userId))).toBe(userId);
  });

  describe('a token already verified by this process', () => {
    afterEach(() => vi.useRealTimers());

    it('is refused once it expires, though it was accepted before', () => {
      const tokens = createAccessTokens(secret, 900);
      const token = handMade({ alg: 'HS256' }, { typ: 'access', sub: userId, exp: now + 60 });
      expect(tokens.verify(token)).toBe(userId);
      vi.useFakeTimers({ now: (now + 61) * 1000 });
      expect(tokens.verify(token)).toBeNull();
    });

    it('does not vouch for the same claims with another signature', () => {
      const tokens = createAccessTokens(secret, 900);
      const claims = { typ: 'access', sub: userId, exp: now + 60 };
      expect(tokens.verify(handMade({ alg: 'HS256' }, claims))).toBe(userId);
      const forged = handMade(
        { alg: 'HS256' },
        claims,
        new TextEncoder().encode('another-secret-0123456789-abcdefghij'),
      );
      expect(tokens.verify(forged)).toBeNull();
    });
  });

  it('accepts a token signed by jose with the same claims', async () => {
    const token = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setNotBefore(now - 5)
      .setExpirationTime(now + 60)
      .sign(secret);
    expect(verifyAccessToken(secret, token, now)).toBe(userId);
  });

  it('refuses tokens that are expired, not yet valid, of another kind or without a user', () => {
    const valid = { typ: 'access', sub: userId, iat: now, exp: now + 60 };
    expect(verifyAccessToken(secret, handMade({ alg: 'HS256' }, valid), now)).toBe(userId);
    expect(verifyAccessToken(secret, handMade({ alg: 'HS256' }, { ...valid, exp: now }), now)).toBeNull();
    expect(
      verifyAccessToken(secret, handMade({ alg: 'HS256' }, { ...valid, exp: undefined }), now),
    ).toBeNull();
    expect(
      verifyAccessToken(secret, handMade({ alg: 'HS256' }, { ...valid, nbf: now + 30 }), now),
    ).toBeNull();
    expect(
      verifyAccessToken(secret, handMade({ alg: 'HS256' }, { ...valid, typ: 'refresh' }), now),
    ).toBeNull();
    expect(verifyAccessToken(secret, handMade({ alg: 'HS256' }, { ...valid, sub: 42 }), now)).toBeNull();
    expect(verifyAccessToken(secret, handMade({ alg: 'HS256' }, { ...valid, iat: 'now' }), now)).toBeNull();
  });

  it('refuses another algorithm, critical headers, another key and any change to the token', () => {
    const valid = { typ: 'access', sub: userId, exp: now + 60 };
    const token = handMade({ alg: 'HS256' }, valid);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(verifyAccessToken(secret, `${header}.${payload}.`, now)).toBeNull();
    expect(verifyAccessToken(secret, handMade({ alg: 'none' }, valid), now)).toBeNull();
    expect(verifyAccessToken(secret, handMade({ alg: 'HS512' }, valid), now)).toBeNull();
    expect(verifyAccessToken(secret, handMade({ alg: 'HS256', crit: ['exp'] }, valid), now)).toBeNull();
    expect(verifyAccessToken(secret, handMade({ alg: 'HS256', b64: false }, valid), now)).toBeNull();
    const otherKey = new TextEncoder().encode('another-secret-another-secret-another');
    expect(verifyAccessToken(secret, handMade({ alg: 'HS256' }, valid, otherKey), now)).toBeNull();
    const forgedPayload = Buffer.from(JSON.stringify({ ...valid, sub: 'someone-else' })).toString(
      'base64url',
    );
    expect(verifyAccessToken(secret, `${header}.${forgedPayload}.${signature}`, now)).toBeNull();
    const otherLast = signature.endsWith('A') ? 'B' : 'A';
    expect(
      verifyAccessToken(secret, `${header}.${payload}.${signature.slice(0, -1)}${otherLast}`, now),
    ).toBeNull();
    expect(verifyAccessToken(secret, `${token}.extra`, now)).toBeNull();
    expect(verifyAccessToken(secret, 'not-a-token', now)).toBeNull();
  });
});
