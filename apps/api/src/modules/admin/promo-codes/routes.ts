import {
  adminPromoCodeSchema,
  createPromoCodesRequestSchema,
  createPromoCodesResponseSchema,
  promoCodeChoicesSchema,
  promoCodeDetailSchema,
  promoCodeListQuerySchema,
  promoCodeListSchema,
  updatePromoCodeRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPromoCodes } from './create-promo-codes';
import { getPromoCode } from './get-promo-code';
import { listPromoCodes } from './list-promo-codes';
import { listPromoCodeChoices } from './promo-code-choices';
import { updatePromoCode } from './update-promo-code';

const codeParams = z.object({ code: z.string().trim().min(1).max(64) });

/**
 * Promo codes (web: features/admin/promo-codes; permission `promo-codes`): one code or a batch,
 * the list, a code with who used it, and its pause, resume or end. The rules are the ones the
 * checkouts already apply (promo-codes/promo-code-rules.ts, programs/program-promo-codes.ts).
 */
export const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/promo-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Crear un código promocional o un lote de códigos únicos',
        security: [{ bearerAuth: [] }],
        body: createPromoCodesRequestSchema,
        response: { 201: createPromoCodesResponseSchema },
      },
      config: { permission: 'promo-codes' },
    },
    async (request, reply) => {
      const created = await createPromoCodes(app.db, request, request.body);
      reply.code(201);
      return created;
    },
  );

  app.get(
    '/promo-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Códigos promocionales, los más nuevos primero',
        security: [{ bearerAuth: [] }],
        querystring: promoCodeListQuerySchema,
        response: { 200: promoCodeListSchema },
      },
      config: { permission: 'promo-codes' },
    },
    async (request) => listPromoCodes(app.db, request.query),
  );

  app.get(
    '/promo-code-choices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Los planes, programas y packs a los que se puede limitar un código, por nombre',
        security: [{ bearerAuth: [] }],
        response: { 200: promoCodeChoicesSchema },
      },
      config: { permission: 'promo-codes' },
    },
    async () => listPromoCodeChoices(app.db),
  );

  app.get(
    '/promo-codes/:code',
    {
      schema: {
        tags: ['admin'],
        summary: 'Un código promocional: sus reglas y quién lo usó, con el descuento que recibió',
        security: [{ bearerAuth: [] }],
        params: codeParams,
        response: { 200: promoCodeDetailSchema },
      },
      config: { permission: 'promo-codes' },
    },
    async (request) => getPromoCode(app.db, request.params.code),
  );

  app.patch(
    '/promo-codes/:code',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pausar, reanudar o dar de baja un código; cambiar su fin, usos o descripción',
        security: [{ bearerAuth: [] }],
        params: codeParams,
        body: updatePromoCodeRequestSchema,
        response: { 200: adminPromoCodeSchema },
      },
      config: { permission: 'promo-codes' },
    },
    async (request) => updatePromoCode(app.db, request, request.params.code, request.body),
  );
};
