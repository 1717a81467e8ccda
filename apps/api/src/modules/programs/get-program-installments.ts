import {
  type InstallmentOption,
  programIdSchema,
  programInstallmentsQuerySchema,
  programInstallmentsSchema,
} from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/authentication';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';
import { providerUnavailable } from '../payments/checkout-orders';
import { perUserLimit, requireGateway } from '../payments/payments-core';
import { loadProgram } from './load-program';
import { loadProgramBuyer } from './program-guards';
import { priceProgram } from './program-pricing';
import { programPromoFor, promoFactsOf } from './program-promo-codes';

/**
 * GET /users/mercadopago/payment/program/{programId}/installments?bin&paymentMethodId&promoCode.
 * The provider's installment plans for this card, on this buyer's server price (promo code
 * included), cut to the program's maximum: the selector offers exactly what checkout accepts.
 */
export const getProgramInstallmentsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/mercadopago/payment/program/:programId/installments',
    {
      schema: {
        tags: ['programs'],
        summary: 'Cuotas disponibles para un programa con esta tarjeta',
        security: [{ bearerAuth: [] }],
        params: z.object({ programId: programIdSchema }),
        querystring: programInstallmentsQuerySchema,
        response: { 200: programInstallmentsSchema },
      },
      config: perUserLimit(app.config, 'program-installments', 60, 15),
    },
    async (request) => {
      const userId = requireUserId(request);
      const gateway = requireGateway(app);
      const [buyer, program] = await Promise.all([
        loadProgramBuyer(app.db, userId),
        loadProgram(app.db, request.params.programId),
      ]);
      const { bin, paymentMethodId, promoCode } = request.query;
      const promo = promoCode ? await programPromoFor(app.db, promoCode, promoFactsOf(buyer, program)) : null;
      const price = priceProgram(program, promo);
      const maxInstallments = Math.max(1, program.course.maxInstallments);
      if (price.chargeCentavos === 0) return { maxInstallments, amount: 0, options: [] };
      const offered = await gateway
        .getInstallmentOptions({
          amountCentavos: price.chargeCentavos,
          bin,
          paymentMethodId: paymentMethodId ?? null,
          issuerId: null,
        })
        .catch((error: unknown) => {
          if (error instanceof PaymentProviderError) throw providerUnavailable();
          throw error;
        });
      const options: InstallmentOption[] = offered
        .filter((option) => option.installments >= 1 && option.installments <= maxInstallments)
        .map((option) => ({
          installments: option.installments,
          installmentAmount: option.installmentAmountCentavos,
          totalAmount: option.totalAmountCentavos,
          interestFree: option.rate === 0,
          recommendedMessage: option.recommendedMessage,
        }));
      return { maxInstallments, amount: price.chargeCentavos, options };
    },
  );
};
