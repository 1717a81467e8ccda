import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { serviceControls } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { credentialLimit } from '../../plugins/rate-limit';

/** Mis Cuentas is off: the section is the specs' greeting page, and its API answers nothing. */
export const pfmDisabled = () =>
  new AppError('PFM_DISABLED', 404, 'Mis Cuentas no está disponible por ahora.');

/**
 * Her id for a Mis Cuentas route: from the session (never from the address or the body), and only
 * while the PFM service control is on. Every read and write of the module is scoped by it.
 */
export async function requirePfmUser(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const userId = requireUserId(request);
  const [control] = await app.db
    .select({ enabled: serviceControls.enabled })
    .from(serviceControls)
    .where(eq(serviceControls.name, 'PFM'));
  if (!control?.enabled) throw pfmDisabled();
  return userId;
}

/** Writes of Mis Cuentas: `max` per `minutes` per account (an import counts as one). */
export function pfmLimit(config: Config, name: string, max = 120, minutes = 1) {
  const limit = credentialLimit(config, `pfm-${name}`, max, minutes);
  if (!limit.rateLimit) return limit;
  return {
    rateLimit: {
      ...limit.rateLimit,
      keyGenerator: (request: FastifyRequest) =>
        request.authUserId
          ? `pfm-${name}:account:${request.authUserId}`
          : `pfm-${name}:address:${request.ip}`,
    },
  };
}

export const notHers = (what: string) => AppError.notFound(`No encontramos ${what} entre tus cuentas.`);
