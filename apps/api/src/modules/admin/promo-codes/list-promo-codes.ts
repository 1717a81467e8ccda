import {
  adminPromoCodeSchema,
  promoCodeDetailSchema,
  promoCodeListQuerySchema,
  promoCodeListSchema,
  updatePromoCodeRequestSchema,
} from '@alcancia/contract/admin';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentOrders, promoCodeRedemptions, promoCodes, users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import { conceptOf } from '../../payments/her-payments';
import { recordAudit } from '../core/audit';
import { promoCodeRow, toAdminPromoCode } from './promo-code-views';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const codeParams = z.object({ code: z.string().trim().min(1).max(64) });

/** What an order took off with its coupon: the regular price it recorded minus what it charged. */
function discountOf(order: typeof paymentOrders.$inferSelect | null): number | null {
  if (!order) return null;
  const regular = order.details.regularPriceCentavos;
  return typeof regular === 'number' && regular > order.amountCentavos
    ? regular - order.amountCentavos
    : null;
}

/**
 * GET /admin/promo-codes (newest first; by code or description, by batch), GET
 * /admin/promo-codes/{code} (its rules and who used it, with the discount each got), PATCH
 * /admin/promo-codes/{code} (pause, resume, end for good; new end date, uses or description).
 */
export const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const { search, batchId, page, pageSize } = request.query;
      const filters: SQL[] = [];
      if (search) {
        const pattern = `%${escapeLike(search)}%`;
        const match = or(ilike(promoCodes.code, pattern), ilike(promoCodes.description, pattern));
        if (match) filters.push(match);
      }
      if (batchId) filters.push(eq(promoCodes.batchId, batchId));
      const rows = await app.db
        .select()
        .from(promoCodes)
        .where(filters.length > 0 ? and(...filters) : undefined)
        .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize);
      const today = argentinaDate();
      return {
        items: rows.slice(0, pageSize).map((row) => toAdminPromoCode(row, today)),
        page,
        pageSize,
        hasMore: rows.length > pageSize,
      };
    },
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
    async (request) => {
      const row = await promoCodeRow(app.db, request.params.code);
      const used = await app.db
        .select({ redemption: promoCodeRedemptions, user: users, order: paymentOrders })
        .from(promoCodeRedemptions)
        .innerJoin(users, eq(users.id, promoCodeRedemptions.userId))
        .leftJoin(paymentOrders, eq(paymentOrders.id, promoCodeRedemptions.orderId))
        .where(eq(promoCodeRedemptions.promoCodeId, row.id))
        .orderBy(desc(promoCodeRedemptions.createdAt))
        .limit(500);
      return {
        promoCode: toAdminPromoCode(row),
        redemptions: used.map(({ redemption, user, order }) => ({
          memberId: user.id,
          email: user.email,
          name: user.name,
          usedAt: redemption.createdAt.toISOString(),
          orderId: redemption.orderId,
          concept: order ? conceptOf(order) : null,
          discount: discountOf(order),
          grantedUntil: redemption.grantedUntil,
        })),
      };
    },
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
    async (request) => {
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const before = await promoCodeRow(tx, request.params.code, { lock: true });
        const changes: Partial<typeof promoCodes.$inferInsert> = {};
        if (body.status === 'paused') changes.active = false;
        if (body.status === 'active') changes.active = true;
        // ended is for good: a disabled code answers "Disabled promo code" at every checkout
        if (body.status === 'ended') changes.disabled = true;
        if (body.validUntil !== undefined) changes.validUntil = body.validUntil;
        if (body.description !== undefined) changes.description = body.description;
        if (body.maxUses !== undefined) {
          // never below the uses already taken (the table's check would refuse it)
          changes.maxUses = body.maxUses === null ? null : Math.max(body.maxUses, before.uses);
        }
        if (body.status === 'active' && before.disabled) {
          throw new AppError(
            'PROMO_CODE_ENDED',
            409,
            'Ese código se dio de baja y no se puede reactivar: creá uno nuevo.',
          );
        }
        const [after] = await tx
          .update(promoCodes)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(promoCodes.id, before.id))
          .returning();
        if (!after) throw new Error(`promo code ${before.code} vanished`);
        const pick = (row: typeof before) => ({
          active: row.active,
          disabled: row.disabled,
          validUntil: row.validUntil,
          maxUses: row.maxUses,
          description: row.description,
        });
        await recordAudit(tx, request, {
          action: 'promo_code.update',
          targetType: 'promo_code',
          targetId: before.code,
          before: pick(before),
          after: pick(after),
        });
        return toAdminPromoCode(after);
      });
    },
  );
};
