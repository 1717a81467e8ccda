import type { AdminPromoCode, updatePromoCodeRequestSchema } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { promoCodes } from '../../../db/schema';
import { AppError } from '../../../errors';
import { recordAudit } from '../core/audit';
import { promoCodeRow, toAdminPromoCode } from './promo-code-views';

/**
 * PATCH /admin/promo-codes/{code}: pause, resume, end for good; a new end date, uses or
 * description. The row is locked while it changes; the audit entry keeps before and after.
 */
export async function updatePromoCode(
  db: Database,
  request: FastifyRequest,
  code: string,
  body: z.output<typeof updatePromoCodeRequestSchema>,
): Promise<AdminPromoCode> {
  return db.transaction(async (tx) => {
    const before = await promoCodeRow(tx, code, { lock: true });
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
}
