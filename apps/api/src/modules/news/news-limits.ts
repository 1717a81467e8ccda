import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { SharedLimit } from '../../plugins/rate-limit';

/** A budget per account (or address before the session is known), per minute. */
export function herNewsLimit(config: Config, name: string, max: number): { sharedLimits?: SharedLimit[] } {
  if (!config.rateLimitEnabled) return {};
  return {
    sharedLimits: [
      {
        name,
        max,
        minutes: 1,
        key: (request: FastifyRequest) =>
          request.authUserId ? `account:${request.authUserId}` : `address:${request.ip}`,
      },
    ],
  };
}
