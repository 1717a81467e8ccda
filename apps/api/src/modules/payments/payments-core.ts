import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
import type { HostedCheckoutGateway } from '../../providers/payments/hosted-checkout-gateway';
import type { PaymentGateway } from '../../providers/payments/payment-gateway';
import type { PaymentRouter } from './payment-routing';

declare module 'fastify' {
  interface FastifyInstance {
    /** null when production runs without Mercado Pago credentials */
    paymentGateway: PaymentGateway | null;
    paymentRouter: PaymentRouter;
    /** the redirect provider; null when production runs without HOSTED_CHECKOUT_URL */
    hostedCheckout: HostedCheckoutGateway | null;
  }
}

/** The gateway, or 503: production without credentials takes no payments. */
export function requireGateway(app: FastifyInstance): PaymentGateway {
  if (app.paymentGateway) return app.paymentGateway;
  throw new AppError(
    'PAYMENTS_NOT_CONFIGURED',
    503,
    'Los pagos no están disponibles en este momento. Probá más tarde.',
  );
}

/** The redirect provider, or 503 like the card gateway. */
export function requireHostedCheckout(app: FastifyInstance): HostedCheckoutGateway {
  if (app.hostedCheckout) return app.hostedCheckout;
  throw new AppError(
    'PAYMENTS_NOT_CONFIGURED',
    503,
    'Los pagos no están disponibles en este momento. Probá más tarde.',
  );
}

/**
 * credentialLimit keyed by the caller's account, from whatever address (issue 40: more addresses
 * give no more tries on one account): promo codes, codes and card checkouts are guessing and
 * card-testing targets, but people behind one NAT must not share a budget. Anonymous callers share
 * their address's.
 */
export function perUserLimit(config: Config, name: string, max: number, minutes: number) {
  const limit = credentialLimit(config, name, max, minutes);
  if (!limit.rateLimit) return limit;
  return {
    rateLimit: {
      ...limit.rateLimit,
      keyGenerator: (request: FastifyRequest) =>
        request.authUserId ? `${name}:account:${request.authUserId}` : `${name}:address:${request.ip}`,
    },
  };
}
