import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import { resolveJwtSecret } from '../../plugins/authentication';

/**
 * The `mfaToken` of an operator's login (issue 18): proof that her password was right, good for
 * 5 minutes and only at POST /users/login/mfa. Its own key (derived from JWT_SECRET) and `typ`,
 * so it can never pass as an access token, nor an access token as one of these.
 */
const ttlSeconds = 300;
const keys = new WeakMap<Config, Uint8Array>();

function keyOf(config: Config): Uint8Array {
  let key = keys.get(config);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', resolveJwtSecret(config)).update('mfa-challenge').digest());
    keys.set(config, key);
  }
  return key;
}

export function signMfaChallenge(config: Config, userId: string): Promise<string> {
  return new SignJWT({ typ: 'mfa' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(config));
}

/** The user id of a valid, unexpired challenge, else null. */
export async function verifyMfaChallenge(config: Config, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), { algorithms: ['HS256'] });
    return payload.typ === 'mfa' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/**
 * The subject a challenge names, unverified: only the rate limit's key. A forged one fails
 * verification before any code is tried, so keying on it lets nobody test codes for another user.
 */
export function challengeSubject(token: unknown): string {
  if (typeof token !== 'string') return '';
  const payload = token.split('.')[1];
  if (!payload) return '';
  try {
    const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub.slice(0, 64) : '';
  } catch {
    return '';
  }
}
