import type { FastifyInstance } from 'fastify';
import { requireAccessToken } from '../auth';
import { consumeCardToken } from '../card-tokens';
import type { EmulatorContext } from '../context';
import { badRequest } from '../errors';
import { route } from '../http';
import { idempotent } from '../idempotency';
import { INSTALLMENT_RATES } from '../installments';
import { outcomeFor } from '../outcomes';
import { chargeCard, findPayment, refundPayment, searchPayments } from '../payments';
import {
  asObject,
  type Json,
  optionalBoolean,
  optionalNumber,
  optionalString,
  positiveAmount,
  requiredString,
} from '../request-body';

function readNotificationUrl(body: Json): string | null {
  const url = optionalString(body, 'notification_url');
  if (url !== null && !/^https?:\/\/\S+$/.test(url)) {
    throw badRequest('notificaction_url attribute must be url valid', {
      code: 4020,
      description: 'notificaction_url attribute must be url valid',
    });
  }
  return url;
}

function createPayment(context: EmulatorContext, rawBody: unknown) {
  const body = asObject(rawBody);
  const amount = positiveAmount(optionalNumber(body, 'transaction_amount'), 'transaction_amount', 4037);
  const tokenId = requiredString(body, 'token', 3003);
  const installments = optionalNumber(body, 'installments') ?? 1;
  const methodId = optionalString(body, 'payment_method_id');
  const payer = asObject(body.payer, 'payer');
  const email = optionalString(payer, 'email');
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    throw badRequest('payer.email must be a valid email', {
      code: 4050,
      description: 'payer.email must be a valid email',
    });
  }
  const identification = asObject(payer.identification, 'payer.identification');
  const notificationUrl = readNotificationUrl(body);
  const binaryMode = optionalBoolean(body, 'binary_mode');
  const metadata = asObject(body.metadata, 'metadata');

  if (!INSTALLMENT_RATES.has(installments)) {
    throw badRequest('Invalid installments', {
      code: 'invalid_installments',
      description: 'Invalid installments',
    });
  }
  const card = consumeCardToken(context, tokenId, (candidate) => {
    if (methodId !== null && methodId !== candidate.brand) {
      throw badRequest('payment_method_id does not match the card', {
        code: 'invalid_payment_method',
        description: `The card is ${candidate.brand}`,
      });
    }
  });
  return chargeCard(context, {
    card,
    outcome: outcomeFor(card.cardholder.name, binaryMode),
    amount,
    installments,
    issuerId: optionalString(body, 'issuer_id'),
    description: optionalString(body, 'description'),
    externalReference: optionalString(body, 'external_reference'),
    notificationUrl,
    binaryMode,
    metadata,
    payer: {
      email,
      identification: payer.identification
        ? { type: optionalString(identification, 'type'), number: optionalString(identification, 'number') }
        : null,
    },
  });
}

export function registerPaymentRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const auth = { preHandler: requireAccessToken(context) };

  route(app, 'POST', '/v1/payments', auth, (request, reply) =>
    idempotent(context, 'payments', request, reply, () => ({
      statusCode: 201,
      body: createPayment(context, request.body),
    })),
  );

  route(app, 'GET', '/v1/payments/search', auth, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const number = (value: string | undefined) =>
      value === undefined || value === '' ? null : Number(value);
    return searchPayments(context, {
      externalReference: query.external_reference ?? null,
      criteria: query.criteria ?? null,
      limit: number(query.limit),
      offset: number(query.offset),
    });
  });

  route(app, 'GET', '/v1/payments/:id', auth, async (request) =>
    findPayment(context, (request.params as { id: string }).id),
  );

  route(app, 'POST', '/v1/payments/:id/refunds', auth, (request, reply) => {
    const { id } = request.params as { id: string };
    return idempotent(context, `refunds:${id}`, request, reply, () => {
      const payment = findPayment(context, id);
      const amount = optionalNumber(asObject(request.body), 'amount');
      return { statusCode: 201, body: refundPayment(context, payment, amount) };
    });
  });

  route(app, 'GET', '/v1/payments/:id/refunds', auth, async (request) => {
    return findPayment(context, (request.params as { id: string }).id).refunds;
  });
}
