import type { AdminPromoCode, PromoCodeStatus } from '@alcancia/contract/admin';
import { sql } from 'drizzle-orm';
import { promoCodes } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import type { PromoCodeRow } from '../../promo-codes/promo-code-rules';

/** A code's state as the checkouts will judge it today (promo-code-rules.ts, in its order). */
export function statusOf(row: PromoCodeRow, today = argentinaDate()): PromoCodeStatus {
  if (row.disabled) return 'ended';
  if (!row.active) return 'paused';
  if (row.validUntil !== null && row.validUntil < today) return 'expired';
  if (row.validFrom !== null && row.validFrom > today) return 'scheduled';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'exhausted';
  return 'active';
}

export function toAdminPromoCode(row: PromoCodeRow, today = argentinaDate()): AdminPromoCode {
  return {
    code: row.code,
    type: row.type,
    description: row.description,
    status: statusOf(row, today),
    freeMonths: row.freeMonths,
    freeDays: row.freeDays,
    planId: row.planId,
    discountPercent: row.discountPercent,
    planIds: row.planIds,
    frequencies: row.frequencies,
    programIds: row.programIds,
    allowedCountryCodes: row.allowedCountryCodes,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    uses: row.uses,
    batchId: row.batchId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The row of `code` (any letter case, like the checkouts), locked when asked, or 404. */
export async function promoCodeRow(
  db: Db,
  code: string,
  options: { lock?: boolean } = {},
): Promise<PromoCodeRow> {
  const query = db.select().from(promoCodes).where(sql`lower(${promoCodes.code}) = lower(${code.trim()})`);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('No encontramos ese código.');
  return row;
}
