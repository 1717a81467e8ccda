import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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
  }
}

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  verify(token: string): Promise<string | null>;
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

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number): AccessTokens {
  return {
    sign: (userId) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        return payload.typ === 'access' && typeof payload.sub === 'string' ? payload.sub : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
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
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const userId = match?.[1] ? await tokens.verify(match[1]) : null;
    if (userId) request.authUserId = userId;
    else request.authInvalid = true;
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
