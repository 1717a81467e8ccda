import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { EmulatorContext } from './context';
import { unauthorized } from './errors';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

function publicKeyOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown>;
  return typeof query.public_key === 'string' ? query.public_key : null;
}

/** Server endpoints: only our API, holding the access token, may call them. */
export function requireAccessToken(context: EmulatorContext): preHandlerAsyncHookHandler {
  return async (request) => {
    if (bearerToken(request) !== context.options.accessToken) throw unauthorized('invalid access token');
  };
}

/** Browser endpoints (tokens, payment methods): the public key in the query, or the access token. */
export function requirePublicKeyOrToken(context: EmulatorContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const key = publicKeyOf(request);
    if (key !== null) {
      if (key !== context.options.publicKey) throw unauthorized('invalid public_key');
      return;
    }
    if (bearerToken(request) !== context.options.accessToken) throw unauthorized('invalid access token');
  };
}

export function callerPublicKey(request: FastifyRequest): string | null {
  return publicKeyOf(request);
}
