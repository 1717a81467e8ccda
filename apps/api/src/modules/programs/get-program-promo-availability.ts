import { programPromoAvailabilitySchema, programPromoCodeParamsSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { pathPromoCode, promoLookupLimit } from '../promo-codes/promo-lookup-limit';
import { loadProgram } from './load-program';
import { loadProgramBuyer } from './program-guards';
import { programPromoFor, promoFactsOf } from './program-promo-codes';

/**
 * GET /academy/program/{programId}/promo-code/{code}/availability. FREE: the code gives this
 * program away (activate it); DISCOUNT: reload the preview with the code. Errors: PROMO_CODE with
 * the server's message (an unknown, expired, used… code, or one that is not for this program).
 */
export const getProgramPromoAvailabilityRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/academy/program/:programId/promo-code/:code/availability',
    {
      schema: {
        tags: ['programs'],
        summary: 'Qué hace un código promocional con este programa',
        security: [{ bearerAuth: [] }],
        params: programPromoCodeParamsSchema,
        response: { 200: programPromoAvailabilitySchema },
      },
      config: promoLookupLimit(app.config, pathPromoCode),
    },
    async (request) => {
      const userId = requireUserId(request);
      const [buyer, program] = await Promise.all([
        loadProgramBuyer(app.db, userId),
        loadProgram(app.db, request.params.programId),
      ]);
      const promo = await programPromoFor(app.db, request.params.code, promoFactsOf(buyer, program));
      return { availability: promo.kind };
    },
  );
};
