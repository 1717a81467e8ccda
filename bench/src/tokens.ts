import { createHmac } from 'node:crypto';

/**
 * An access token exactly like the API's own (HS256, `typ: access`, `sub` = user id; see
 * apps/api/src/plugins/authentication.ts), signed with the JWT_SECRET the bench gives the API.
 * Lets the load use thousands of real users without logging each one in.
 */
export function mintAccessToken(secret: string, userId: string, ttlSeconds = 7200): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256' })}.${encode({ typ: 'access', sub: userId, iat: now, exp: now + ttlSeconds })}`;
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${signature}`;
}
