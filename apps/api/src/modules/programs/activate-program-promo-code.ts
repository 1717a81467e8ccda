import {
  programErrorMessages,
  programPromoActivationSchema,
  programPromoCodeParamsSchema,
} from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userPurchases } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { grantProduct } from '../entitlements/product-grants';
import { enqueuePurchaseConfirmation } from '../payments/purchase-mails';
import { redeemPromoCode } from '../promo-codes/promo-code-rules';
import { pathPromoCode, promoLookupLimit } from '../promo-codes/promo-lookup-limit';
import { loadProgram, productTypeOf } from './load-program';
import { assertArgentina, assertAudience, assertNotOwned, loadProgramBuyer } from './program-guards';
import { programPromoFor, promoFactsOf } from './program-promo-codes';

/**
 * POST /academy/program/{programId}/promo-code/{code}/activate. A PROGRAM_FREE code gives her the
 * program without payment, in one transaction: one use of the code (bounded by max_uses), her
 * redemption (once per user and code), the purchase and her confirmation mail. Two activations at once: one grant, the
 * other gets alreadyPromoCode. A discount code is PROGRAM_NOT_FREE (it applies at payment). An
 * account outside Argentina gets COUNTRY_NOT_ALLOWED, as at the program checkout.
 */
export const activateProgramPromoCodeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/academy/program/:programId/promo-code/:code/activate',
    {
      schema: {
        tags: ['programs'],
        summary: 'Activar un código que regala el programa',
        security: [{ bearerAuth: [] }],
        params: programPromoCodeParamsSchema,
        response: { 200: programPromoActivationSchema },
      },
      config: promoLookupLimit(app.config, pathPromoCode),
    },
    async (request) => {
      const userId = requireUserId(request);
      const [buyer, program] = await Promise.all([
        loadProgramBuyer(app.db, userId),
        loadProgram(app.db, request.params.programId),
      ]);
      const { course } = program;
      // A program given by a code is still a program of the Argentina-only catalogue (decision
      // 0101): the same answer as the checkout, before the code is looked at or spent.
      assertArgentina(buyer);
      const promo = await programPromoFor(app.db, request.params.code, promoFactsOf(buyer, program));
      if (promo.kind !== 'FREE') {
        throw new AppError('PROGRAM_NOT_FREE', 400, programErrorMessages.PROGRAM_NOT_FREE);
      }
      assertNotOwned(program, buyer);
      assertAudience(program, buyer);
      await app.db.transaction(async (tx) => {
        await redeemPromoCode(tx, { promoCodeId: promo.id, userId });
        const added = await tx
          .insert(userPurchases)
          .values({
            userId,
            productType: productTypeOf(course.kind),
            productId: course.id,
            source: `promo:${promo.code}`,
          })
          .onConflictDoNothing()
          .returning({ id: userPurchases.id });
        // Bought in the meantime: keep the code for another day (the transaction rolls back).
        if (added.length === 0) {
          throw new AppError('ALREADY_PURCHASED', 409, programErrorMessages.ALREADY_PURCHASED);
        }
        await grantProduct(tx, {
          userId,
          productType: productTypeOf(course.kind),
          productId: course.id,
          source: 'promo_code',
          details: { code: promo.code },
        });
        await enqueuePurchaseConfirmation(tx, userId, {
          publicUrl: app.config.publicUrl,
          kind: 'program',
          product: course.name,
          payment: null,
          freeCode: { code: promo.code, programId: course.id },
        });
      });
      request.log.info({ programId: course.id, promoCodeId: promo.id }, 'program granted by promo code');
      return { activated: true as const, programId: course.id };
    },
  );
};
