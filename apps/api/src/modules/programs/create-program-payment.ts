import {
  type ProgramPaymentRequest,
  type ProgramPaymentResponse,
  paymentRefusalSchema,
  programErrorMessages,
  programPaymentRequestSchema,
  programPaymentResponseSchema,
} from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { type GatewayPayment, PaymentProviderError } from '../../providers/payments/payment-gateway';
import { readOwnCardToken } from '../payments/card-tokens';
import { answerOnce, idempotencyKeyOf, sendAnswer } from '../payments/checkout-idempotency';
import {
  closeFailedCheckoutOrder,
  isProviderFailure,
  providerUnavailable,
  type Refusal,
} from '../payments/checkout-orders';
import { type Actor, externalReferenceOf } from '../payments/orders-repository';
import { assertAttemptsLeft } from '../payments/payment-attempts';
import { perUserLimit, requireGateway } from '../payments/payments-core';
import { recordProviderPayment } from '../payments/record-payment';
import { refusalBody, refusedReasonOf } from '../payments/refused-reason';
import {
  assertNoPendingProgramPayment,
  loadProgramCheckout,
  openProgramOrder,
  priceProgramCheckout,
} from './program-orders';
import { applyProgramPayment } from './program-payments';

type Outcome = ProgramPaymentResponse | Refusal;

const installmentsNotAllowed = () =>
  new AppError('INSTALLMENTS_NOT_ALLOWED', 400, programErrorMessages.INSTALLMENTS_NOT_ALLOWED);

/**
 * A program by card, in installments or not. Everything that can refuse without charging is checked
 * first: country, program, provider, ownership, audience, sale window, installments (the program's
 * maximum, then the provider's options for this card), promo code, a saved card that is not hers. Then one charge at the server's
 * price with the order's idempotency key; the program is granted on approval only, once.
 */
export function createProgramPayment(
  app: FastifyInstance,
  userId: string,
  request: ProgramPaymentRequest,
): Promise<Outcome> {
  // All of it under her person lock (decision 0270): "already owns it?" and "a payment in
  // process?" then see a tap of a moment ago, and its charge's notification waits for this answer.
  return withPersonLock(app.database, userId, () => payProgram(app, userId, request));
}

async function payProgram(
  app: FastifyInstance,
  userId: string,
  request: ProgramPaymentRequest,
): Promise<Outcome> {
  const gateway = requireGateway(app);
  const { buyer, program } = await loadProgramCheckout(app, userId, request.programId, gateway.provider);
  if (request.installments > program.course.maxInstallments) throw installmentsNotAllowed();
  const { promo, price } = await priceProgramCheckout(app, buyer, program, request.promoCode);
  await assertNoPendingProgramPayment(app, userId, program.course.id);
  await assertAttemptsLeft(app.db, userId, 'program', program.course.id);
  const { cardDetails } = request;
  // a token made from a card saved at the provider pays only for its owner (decision 0225)
  await readOwnCardToken(app, userId, cardDetails.cardTokenId);
  if (request.installments > 1) {
    const options = await gateway
      .getInstallmentOptions({
        amountCentavos: price.chargeCentavos,
        bin: null,
        paymentMethodId: cardDetails.paymentMethodId,
        issuerId: cardDetails.issuerId ?? null,
      })
      .catch((error: unknown) => {
        if (error instanceof PaymentProviderError) throw providerUnavailable();
        throw error;
      });
    if (!options.some((option) => option.installments === request.installments))
      throw installmentsNotAllowed();
  }

  const actor: Actor = `user:${userId}`;
  const order = await openProgramOrder(
    app,
    {
      userId,
      email: buyer.email ?? '',
      program,
      price,
      promo,
      provider: gateway.provider,
      installments: request.installments,
      invoiceDocument: request.invoiceDocument ?? null,
    },
    actor,
  );
  let seen: GatewayPayment;
  try {
    seen = await gateway.createCardPayment({
      amountCentavos: price.chargeCentavos,
      cardToken: cardDetails.cardTokenId,
      installments: request.installments,
      paymentMethodId: cardDetails.paymentMethodId,
      issuerId: cardDetails.issuerId ?? null,
      description: program.course.name,
      externalReference: externalReferenceOf(order),
      payer: { email: buyer.email ?? '', identification: cardDetails.identification },
      metadata: { order_id: order.id, program_id: program.course.id },
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    return closeFailedCheckoutOrder(app, order, error, actor);
  }
  const { payment } = await app.db.transaction((tx) => recordProviderPayment(tx, order, seen, actor));
  app.invoicing.kick();
  await applyProgramPayment(app, order, payment, actor);
  if (seen.status === 'approved' || seen.status === 'pending' || seen.status === 'in_process') {
    return {
      // a payment held for an operator (decision 0278) grants nothing yet: pending for her
      status: seen.status === 'approved' && !payment.heldAt ? 'approved' : 'pending',
      programId: program.course.id,
      amount: seen.amountCentavos,
      installments: request.installments,
    };
  }
  return { status: 'refused', refusedReason: refusedReasonOf(seen.statusDetail) };
}

/**
 * POST /users/mercadopago/payment/program. 200 approved (the program is in her purchases), 202
 * pending (it lands with the provider's confirmation), 402 PAYMENT_REFUSED with refusedReason.
 */
export const createProgramPaymentRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/mercadopago/payment/program',
    {
      schema: {
        tags: ['programs'],
        summary: 'Comprar un programa con tarjeta (en cuotas o en un pago)',
        security: [{ bearerAuth: [] }],
        body: programPaymentRequestSchema,
        response: {
          200: programPaymentResponseSchema,
          202: programPaymentResponseSchema,
          402: paymentRefusalSchema,
        },
      },
      config: perUserLimit(app.config, 'program-payment', 10, 15),
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      // One answer per checkout attempt: a double tap or a retry with its key answers the first's.
      const key = idempotencyKeyOf(request);
      const answer = await answerOnce(app, { userId, checkout: 'program', key }, async () => {
        const outcome = await createProgramPayment(app, userId, request.body);
        if (outcome.status === 'refused')
          return { statusCode: 402, body: refusalBody(outcome.refusedReason) };
        return { statusCode: outcome.status === 'pending' ? 202 : 200, body: outcome };
      });
      return sendAnswer(reply, answer);
    },
  );
};
