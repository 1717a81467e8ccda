import {
  type ProgramPreview,
  programPreviewParamsSchema,
  programPreviewQuerySchema,
  programPreviewSchema,
} from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUserId } from '../../plugins/authentication';
import { saleStatus } from '../academy/catalog-rows';
import { toCourseView } from '../academy/course-view';
import { promoLookupLimit, queryPromoCode } from '../promo-codes/promo-lookup-limit';
import { loadProgram, type ProgramStructure } from './load-program';
import {
  anonymousBuyer,
  assertAudience,
  assertNotOwned,
  loadProgramBuyer,
  type ProgramBuyer,
} from './program-guards';
import { type ProgramPrice, priceProgram } from './program-pricing';
import { programPromoFor, promoFactsOf } from './program-promo-codes';

/**
 * The bank-transfer link goes only with the configured program, and only to Argentine users; a
 * visitor whose country is unknown counts as Argentine (spec: the country defaults to Argentina).
 */
function transferPaymentUrl(app: FastifyInstance, program: ProgramStructure, buyer: ProgramBuyer) {
  const { programId, url } = app.config.programs.transferPayment;
  const argentine = buyer.countryCode === 'AR' || buyer.countryCode == null;
  return program.course.id === programId && argentine ? url : null;
}

export function toProgramPreview(
  app: FastifyInstance,
  program: ProgramStructure,
  buyer: ProgramBuyer,
  price: ProgramPrice,
): ProgramPreview {
  const { course } = program;
  // Not owned (checked before): every section's content address stays out of the preview.
  const view = toCourseView(program, false, false);
  return {
    isProgram: true,
    id: course.id,
    type: course.kind,
    name: course.name,
    thumbnail: course.thumbnail,
    description: course.description,
    long_description: course.longDescription,
    price: price.chargeCentavos,
    regularPrice: price.regularCentavos,
    discountApplied: price.discountPercent,
    promoCodeApplied: price.promoCodeApplied,
    modulesAmount: course.modulesAmount,
    classesAmount: course.classesAmount,
    saleable_start_date: course.saleableStartDate,
    saleable_end_date: course.saleableEndDate,
    saleStatus: saleStatus(course, buyer.viewer.today),
    modules: view.modules,
    isFree: course.isFree,
    installments: Math.max(1, course.maxInstallments),
    declinedPaymentFormUrl: course.declinedPaymentFormUrl,
    transferPaymentUrl: transferPaymentUrl(app, program, buyer),
  };
}

/**
 * GET /academy/program-preview/{programId}?isSubscribed&promoCode&countryCode, token optional.
 * With a token, subscription, country and purchases come from the account and the query's
 * isSubscribed and countryCode are ignored. Errors by internalCode: NOT_FOUND, NOT_PROGRAM,
 * ALREADY_PURCHASED, ONLY_SUBSCRIBERS, ONLY_UNSUBSCRIBERS, PROMO_CODE (with the server's message).
 */
export const getProgramPreviewRoute: FastifyPluginAsyncZod = async (app) => {
  // A preview with a promo code checks the code (anonymously too): one guessing budget with every
  // other promo lookup; previews without a code are not counted.
  app.get(
    '/academy/program-preview/:programId',
    {
      config: promoLookupLimit(app.config, queryPromoCode),
      schema: {
        tags: ['programs'],
        summary: 'Vista previa de un programa para su compra (precio del servidor)',
        security: [{ bearerAuth: [] }, {}],
        params: programPreviewParamsSchema,
        querystring: programPreviewQuerySchema,
        response: { 200: programPreviewSchema },
      },
    },
    async (request) => {
      const userId = optionalUserId(request);
      const program = await loadProgram(app.db, request.params.programId);
      const buyer = userId ? await loadProgramBuyer(app.db, userId) : anonymousBuyer(request.query);
      assertNotOwned(program, buyer);
      assertAudience(program, buyer);
      const { promoCode } = request.query;
      const promo = promoCode ? await programPromoFor(app.db, promoCode, promoFactsOf(buyer, program)) : null;
      return toProgramPreview(app, program, buyer, priceProgram(program, promo));
    },
  );
};
