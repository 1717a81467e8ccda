import type { FastifyInstance } from 'fastify';
import { requirePublicKeyOrToken } from '../auth';
import {
  BRANDS,
  type BrandInfo,
  brandById,
  brandOfBin,
  IDENTIFICATION_TYPES,
  issuerResult,
  paymentMethodResult,
} from '../cards';
import type { EmulatorContext } from '../context';
import { badRequest } from '../errors';
import { route } from '../http';
import { installmentOptions } from '../installments';

// The lookups MercadoPago.js makes from the browser (and our API may make from the server).

type Query = Record<string, string | undefined>;

function brandFor(query: Query): BrandInfo | undefined {
  const bin = (query.bin ?? query.bins ?? '').replace(/\D/g, '');
  if (bin) return brandOfBin(bin);
  return query.payment_method_id ? brandById(query.payment_method_id) : undefined;
}

export function registerPaymentMethodRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const auth = { preHandler: requirePublicKeyOrToken(context) };

  route(app, 'GET', '/v1/payment_methods', auth, async () => BRANDS.map(paymentMethodResult));

  route(app, 'GET', '/v1/payment_methods/search', auth, async (request) => {
    const brand = brandFor(request.query as Query);
    const results = brand ? [paymentMethodResult(brand)] : [];
    return { paging: { total: results.length, limit: 30, offset: 0 }, results };
  });

  route(app, 'GET', '/v1/payment_methods/card_issuers', auth, async (request) => {
    const brand = brandFor(request.query as Query);
    return brand ? [issuerResult(brand)] : [];
  });

  route(app, 'GET', '/v1/payment_methods/installments', auth, async (request) => {
    const query = request.query as Query;
    const amount = Number(query.amount);
    if (!query.amount || !Number.isFinite(amount) || amount <= 0) {
      throw badRequest('Invalid amount', {
        code: 'invalid_amount',
        description: 'amount must be a positive number',
      });
    }
    const brand = brandFor(query);
    return brand ? [installmentOptions(amount, brand)] : [];
  });

  route(app, 'GET', '/v1/identification_types', auth, async () => IDENTIFICATION_TYPES);
}
