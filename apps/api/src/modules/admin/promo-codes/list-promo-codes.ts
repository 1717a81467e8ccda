import type { PromoCodeList, promoCodeListQuerySchema } from '@alcancia/contract/admin';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { promoCodes } from '../../../db/schema';
import { argentinaDate } from '../../../lib/argentina-date';
import { toAdminPromoCode } from './promo-code-views';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /admin/promo-codes: newest first; by code or description, by batch; `hasMore` from one extra row. */
export async function listPromoCodes(
  db: Database,
  query: z.output<typeof promoCodeListQuerySchema>,
): Promise<PromoCodeList> {
  const { search, batchId, page, pageSize } = query;
  const filters: SQL[] = [];
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const match = or(ilike(promoCodes.code, pattern), ilike(promoCodes.description, pattern));
    if (match) filters.push(match);
  }
  if (batchId) filters.push(eq(promoCodes.batchId, batchId));
  const rows = await db
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
}
