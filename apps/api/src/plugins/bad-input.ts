import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const nulNotAllowed = () =>
  new AppError('INVALID_DATA', 400, 'Los datos no son válidos: tienen caracteres no permitidos.');

/** True when a parsed JSON body holds a NUL character in any key or string (PostgreSQL refuses them in text). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Input no route can use, refused before it reaches a query: a NUL character in the address
 * (`%00`) or in a JSON body is a 400 INVALID_DATA instead of a database error (found by the fuzz).
 * The address check is one `includes` per request; bodies are walked only when there is one.
 */
export function registerBadInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? nulNotAllowed() : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(request.body !== undefined && containsNul(request.body) ? nulNotAllowed() : undefined);
  });
}
