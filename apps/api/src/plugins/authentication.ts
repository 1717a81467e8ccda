import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import type { Config } from '../config';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** key for hashing e-mailed codes, derived from the JWT secret */
    codeSecret: Uint8Array;
  }
  interface FastifyRequest {
    /** user id from a valid bearer token; undefined when no token was sent */
    authUserId?: string;
    /** a token was sent but is invalid or expired */
    authInvalid?: boolean;
    /** the session (refresh-token family) the bearer token was issued for, when it says so */
    authSessionId?: string;
    /** the token is an operator's, issued after the second factor (claim `mfa`, issue 18) */
    authMfa?: boolean;
  }
}

/** An operator's token (issue 18): passed the second factor, and lives shorter. */
export interface OperatorTokenOptions {
  mfa: true;
  ttlSeconds: number;
}

export interface AccessTokens {
  /**
   * `sessionId`: the refresh-token family the token belongs to (claim `sid`); `operator`: an
   * operator's session after the second factor (claim `mfa`, its own lifetime).
   */
  sign(userId: string, sessionId?: string, operator?: OperatorTokenOptions): Promise<string>;
  /** the user id of a valid access token, else null (synchronous: it runs on every request) */
  verify(token: string): string | null;
  /** verify's answer with the token's session (`sid`), when it carries one; no copy per call */
  verifySession(
    token: string,
  ): { readonly sub: string; readonly sid: string | undefined; readonly mfa: boolean } | null;
  /**
   * Refuses, from now on in this process, access tokens already issued: every token of the user
   * (a deleted account), or those of some of her sessions (the sessions ended: auth/sessions.ts
   * endSessions, decision 0250). Kept for one access-token lifetime, after which those tokens have
   * expired anyway.
   */
  revoke(revocation: AccessTokenRevocation): void;
}

/** What a revocation covers: the user's sessions listed, or with no list every token of hers. */
export interface AccessTokenRevocation {
  userId: string;
  sessionIds?: string[];
}

/**
 * The HS256 key: JWT_SECRET, or outside production a random one generated once and kept in
 * DATA_DIR so sessions survive restarts of `npm start`.
 */
export function resolveJwtSecret(config: Config): Uint8Array {
  if (config.auth.jwtSecret) return new TextEncoder().encode(config.auth.jwtSecret);
  if (config.isProduction) throw new Error('JWT_SECRET es obligatoria en producción');
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

const base64urlJson = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * Verifies an HS256 access token with a synchronous node:crypto HMAC: every authenticated
 * request pays for it, and WebCrypto's async HMAC (what jose's jwtVerify uses) cost several
 * times as much (bench/analysis.md). Checks what jwtVerify checked for these tokens: the header
 * says HS256 and nothing critical, the signature (compared as its canonical base64url, in
 * constant time), `exp` in the future, `nbf` (if any) not in the future, then `typ: access` and
 * a string `sub`.
 */
export function verifyAccessToken(secret: Uint8Array, token: string, nowSeconds: number): string | null {
  return verifiedClaims(secret, token, nowSeconds)?.sub ?? null;
}

/** verifyAccessToken's checks; the subject and expiry of a valid token, else null. */
function verifiedClaims(secret: Uint8Array, token: string, nowSeconds: number): TokenClaims | null {
  const firstDot = token.indexOf('.');
  const secondDot = token.indexOf('.', firstDot + 1);
  if (firstDot <= 0 || secondDot <= firstDot + 1 || token.indexOf('.', secondDot + 1) !== -1) return null;
  const header = base64urlJson(token.slice(0, firstDot));
  if (header?.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) return null;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(token.slice(0, secondDot)).digest('base64url'),
  );
  const signature = Buffer.from(token.slice(secondDot + 1));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const payload = base64urlJson(token.slice(firstDot + 1, secondDot));
  if (!payload) return null;
  const { exp, nbf, iat, typ, sub, sid, mfa } = payload;
  if (typeof exp !== 'number' || exp <= nowSeconds) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  if (sid !== undefined && typeof sid !== 'string') return null;
  if (mfa !== undefined && mfa !== true) return null;
  return typ === 'access' && typeof sub === 'string' ? { sub, exp, sid, mfa: mfa === true } : null;
}

/**
 * Tokens this process has verified, by their exact text (signature included, so a changed token
 * is a new key and is verified in full), with their subject and expiry. A learner sends the same
 * token on every request until it expires: a hit costs a map lookup and the expiry check instead
 * of the HMAC and two JSON parses. Bounded: when full, it starts again empty.
 */
interface TokenClaims {
  sub: string;
  exp: number;
  sid: string | undefined;
  mfa: boolean;
}

class VerifiedTokens {
  private readonly entries = new Map<string, TokenClaims>();

  constructor(private readonly maxEntries: number) {}

  get(token: string, nowSeconds: number): TokenClaims | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.exp > nowSeconds) return entry;
    this.entries.delete(token);
    return undefined;
  }

  remember(token: string, claims: TokenClaims): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(token, claims);
  }
}

/**
 * Revoked users and sessions, each until its `until` (seconds): one access-token lifetime after
 * the revocation, when every token it covers has expired. Empty almost always, so the check on
 * every request is a size test.
 */
class RevokedTokens {
  private readonly users = new Map<string, number>();
  private readonly sessions = new Map<string, number>();

  add(revocation: AccessTokenRevocation, until: number): void {
    if (revocation.sessionIds) for (const id of revocation.sessionIds) this.sessions.set(id, until);
    else this.users.set(revocation.userId, until);
  }

  covers(claims: TokenClaims, nowSeconds: number): boolean {
    if (this.users.size === 0 && this.sessions.size === 0) return false;
    return (
      this.active(this.users, claims.sub, nowSeconds) ||
      (claims.sid !== undefined && this.active(this.sessions, claims.sid, nowSeconds))
    );
  }

  private active(entries: Map<string, number>, key: string, nowSeconds: number): boolean {
    const until = entries.get(key);
    if (until === undefined) return false;
    if (until > nowSeconds) return true;
    entries.delete(key);
    return false;
  }
}

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  const verified = new VerifiedTokens(20_000);
  const revoked = new RevokedTokens();
  const claimsOf = (token: string): TokenClaims | null => {
    const now = Math.floor(Date.now() / 1000);
    let claims: TokenClaims | null | undefined = verified.get(token, now);
    if (!claims) {
      claims = verifiedClaims(secret, token, now);
      if (!claims) return null;
      verified.remember(token, claims);
    }
    return revoked.covers(claims, now) ? null : claims;
  };
  return {
    sign: (userId, sessionId, operator) =>
      new SignJWT({
        typ: 'access',
        ...(sessionId ? { sid: sessionId } : {}),
        ...(operator ? { mfa: true } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${Math.min(operator?.ttlSeconds ?? ttlSeconds, ttlSeconds)}s`)
        .sign(secret),
    verify: (token) => claimsOf(token)?.sub ?? null,
    verifySession: claimsOf,
    revoke: (revocation) => revoked.add(revocation, Math.floor(Date.now() / 1000) + ttlSeconds + 1),
  };
}

/**
 * A revocation another process (or this one) announced on the sessions channel
 * (db/change-channels.ts): `{ userId, sessionIds? }`. Anything else is ignored.
 */
export function applyRevocationNotice(tokens: AccessTokens, payload: string): void {
  try {
    const notice = JSON.parse(payload) as { userId?: unknown; sessionIds?: unknown };
    if (typeof notice.userId !== 'string') return;
    const sessionIds = Array.isArray(notice.sessionIds)
      ? notice.sessionIds.filter((id): id is string => typeof id === 'string')
      : undefined;
    tokens.revoke(sessionIds ? { userId: notice.userId, sessionIds } : { userId: notice.userId });
  } catch {
    // not a revocation
  }
}

/** Reads the bearer token of every request once; routes then ask for the user they need. */
export function registerAuthentication(app: FastifyInstance, config: Config): void {
  const secret = resolveJwtSecret(config);
  const tokens = createAccessTokens(secret, config.auth.accessTokenTtlSeconds);
  app.decorate('accessTokens', tokens);
  app.decorate(
    'codeSecret',
    new Uint8Array(createHmac('sha256', secret).update('verification-codes').digest()),
  );
  app.decorateRequest('authUserId', undefined);
  app.decorateRequest('authInvalid', undefined);
  app.decorateRequest('authSessionId', undefined);
  app.decorateRequest('authMfa', undefined);
  // A callback hook, not an async one: nothing here waits, and this runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.authorization;
    if (header) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const verified = match?.[1] ? tokens.verifySession(match[1]) : null;
      if (verified) {
        request.authUserId = verified.sub;
        if (verified.sid) request.authSessionId = verified.sid;
        if (verified.mfa) request.authMfa = true;
      } else request.authInvalid = true;
    }
    done();
  });
}

const expired = () => new AppError('UNAUTHORIZED', 401, 'Tu sesión venció. Iniciá sesión nuevamente.');

/** The caller's user id, or 401. */
export function requireUserId(request: FastifyRequest): string {
  if (request.authUserId) return request.authUserId;
  throw request.authInvalid ? expired() : AppError.unauthorized();
}

/**
 * For routes where the token is optional: null when none was sent. A sent but invalid token is a
 * 401, so the client refreshes and repeats instead of silently getting the anonymous view.
 */
export function optionalUserId(request: FastifyRequest): string | null {
  if (request.authInvalid) throw expired();
  return request.authUserId ?? null;
}
