import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { SharedLimit } from '../../plugins/rate-limit';

/**
 * Promo codes are guessed by looking them up. Every route that checks a code the caller typed
 * (plan list and plan search with ?promoCode, usePromoCode, a program's preview with ?promoCode,
 * its promo availability and activation) draws on one budget (decision 0265): 10 codes per 10
 * minutes per account from any address, or per address for a visitor without a session; and 50
 * per 10 minutes from one address for all its accounts together. Requests without a code are not
 * counted.
 */
export const promoLookupBudget = { max: 10, addressMax: 50, minutes: 10 } as const;

export function promoLookupLimit(
  config: Config,
  codeOf: (request: FastifyRequest) => unknown,
): { sharedLimits?: SharedLimit[] } {
  if (!config.rateLimitEnabled) return {};
  const carriesCode = (request: FastifyRequest) => {
    const code = codeOf(request);
    return typeof code === 'string' && code.trim() !== '';
  };
  const { max, addressMax, minutes } = promoLookupBudget;
  return {
    sharedLimits: [
      {
        name: 'promo-lookup',
        max,
        minutes,
        key: (request) =>
          !carriesCode(request)
            ? null
            : request.authUserId
              ? `account:${request.authUserId}`
              : `address:${request.ip}`,
      },
      {
        name: 'promo-lookup-address',
        max: addressMax,
        minutes,
        key: (request) => (carriesCode(request) ? request.ip : null),
      },
    ],
  };
}

/** The code in the query (?promoCode), the body ({ promoCode }) or the path (/promo-code/:code). */
export const queryPromoCode = (request: FastifyRequest) =>
  (request.query as { promoCode?: unknown } | undefined)?.promoCode;
export const bodyPromoCode = (request: FastifyRequest) =>
  (request.body as { promoCode?: unknown } | undefined)?.promoCode;
export const pathPromoCode = (request: FastifyRequest) =>
  (request.params as { code?: unknown } | undefined)?.code;
