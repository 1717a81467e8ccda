import type { PfmMovement, pfmMovementInputSchema } from '@alcancia/contract/pfm';
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pfmMovements } from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { categoryFor } from './categories';
import { addMonths } from './cuotas-schedule';
import { notHers } from './pfm-access';
import { findHerAccount, herRules } from './repository';

const shape = (row: typeof pfmMovements.$inferSelect): PfmMovement => ({
  id: row.id,
  accountId: row.accountId,
  occurredOn: row.occurredOn,
  description: row.description,
  amountMinor: row.amountMinor,
  currency: row.currency,
  category: row.category,
});

export const currencyMismatch = (accountCurrency: string) =>
  new AppError(
    'PFM_CURRENCY_MISMATCH',
    422,
    `Esa cuenta es en ${accountCurrency === 'USD' ? 'dólares' : 'pesos'}: anotá el movimiento en ${accountCurrency}.`,
  );

/**
 * A movement of hers in one of her accounts (quick entry). Without a category, her rules choose
 * one (else "Otros"). The account must be hers (else 404) and in the movement's currency.
 */
export async function addMovement(
  db: Database,
  userId: string,
  input: z.infer<typeof pfmMovementInputSchema>,
) {
  const account = await findHerAccount(db, userId, input.accountId);
  if (!account) throw notHers('esa cuenta');
  if (account.currency !== input.currency) throw currencyMismatch(account.currency);
  const category = input.category ?? categoryFor(input.description, await herRules(db, userId));
  const [row] = await db
    .insert(pfmMovements)
    .values({
      userId,
      accountId: account.id,
      occurredOn: input.occurredOn,
      description: input.description,
      amountMinor: input.amountMinor,
      currency: input.currency,
      category,
    })
    .returning();
  if (!row) throw new Error('movement not stored');
  return shape(row);
}

/** She changes a movement's category. */
export async function recategorize(db: Database, userId: string, movementId: string, category: string) {
  const [row] = await db
    .update(pfmMovements)
    .set({ category })
    .where(and(eq(pfmMovements.id, movementId), eq(pfmMovements.userId, userId)))
    .returning();
  if (!row) throw notHers('ese movimiento');
  return shape(row);
}

/** Her movements of a month (YYYY-MM, Buenos Aires; this month by default), newest first. */
export async function listMovements(db: Database, userId: string, month?: string) {
  const chosen = month ?? argentinaDate().slice(0, 7);
  const [year, monthNumber] = chosen.split('-').map(Number) as [number, number];
  const next = addMonths(year, monthNumber, 1);
  const from = `${chosen}-01`;
  const to = `${String(next.year).padStart(4, '0')}-${String(next.month).padStart(2, '0')}-01`;
  const rows = await db
    .select()
    .from(pfmMovements)
    .where(
      and(
        eq(pfmMovements.userId, userId),
        gte(pfmMovements.occurredOn, from),
        lt(pfmMovements.occurredOn, to),
      ),
    )
    .orderBy(desc(pfmMovements.occurredOn), asc(pfmMovements.createdAt));
  return { month: chosen, movements: rows.map(shape) };
}
