import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { SharedLimit } from './rate-limit';

/**
 * The academy home's budget (issue 40, decision 0264): its seven endpoints (bootstrap, quick
 * courses, programs and packs, filters, progress, events) share one count per account and minute,
 * RATE_LIMIT_ACADEMY_HOME_MAX. `GET /users/me/academy-home` asks each of them in-process, so each
 * of its parts passes this budget as a call of its own: the one request counts seven. A caller
 * without a session counts against her address (those endpoints then answer 401 anyway). Off
 * with RATE_LIMIT_ENABLED=false.
 */
export function academyHomeLimit(config: Config): { sharedLimits?: SharedLimit[] } {
  if (!config.rateLimitEnabled) return {};
  return {
    sharedLimits: [
      {
        name: 'academy-home',
        max: config.rateLimitAcademyHomeMax,
        minutes: 1,
        key: (request: FastifyRequest) =>
          request.authUserId ? `account:${request.authUserId}` : `address:${request.ip}`,
      },
    ],
  };
}
