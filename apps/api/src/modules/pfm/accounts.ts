import type { pfmAccountInputSchema, pfmCardInputSchema, pfmRuleInputSchema } from '@alcancia/contract/pfm';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pfmAccounts, pfmCards, pfmRules } from '../../db/schema';
import { notHers } from './pfm-access';

/** A new account of hers, with nothing moved yet. */
export async function createAccount(
  db: Database,
  userId: string,
  input: z.infer<typeof pfmAccountInputSchema>,
) {
  const [row] = await db
    .insert(pfmAccounts)
    .values({ userId, ...input })
    .returning();
  if (!row) throw new Error('account not stored');
  const { id, name, kind, currency, openingBalanceMinor } = row;
  return { id, name, kind, currency, openingBalanceMinor, balanceMinor: openingBalanceMinor };
}

/** Removes her account and its movements; another person's id is a 404. */
export async function deleteAccount(db: Database, userId: string, accountId: string) {
  const gone = await db
    .delete(pfmAccounts)
    .where(and(eq(pfmAccounts.id, accountId), eq(pfmAccounts.userId, userId)))
    .returning({ id: pfmAccounts.id });
  if (gone.length === 0) throw notHers('esa cuenta');
}

/** A new card of hers. */
export async function createCard(db: Database, userId: string, input: z.infer<typeof pfmCardInputSchema>) {
  const [row] = await db
    .insert(pfmCards)
    .values({ userId, ...input })
    .returning();
  if (!row) throw new Error('card not stored');
  return { id: row.id, name: row.name, closingDay: row.closingDay, dueDay: row.dueDay };
}

/** Removes her card with its purchases, cuotas and paid statements. */
export async function deleteCard(db: Database, userId: string, cardId: string) {
  const gone = await db
    .delete(pfmCards)
    .where(and(eq(pfmCards.id, cardId), eq(pfmCards.userId, userId)))
    .returning({ id: pfmCards.id });
  if (gone.length === 0) throw notHers('esa tarjeta');
}

/** A new rule of hers: from now on, new and imported movements that match get its category. */
export async function createRule(db: Database, userId: string, input: z.infer<typeof pfmRuleInputSchema>) {
  const [row] = await db
    .insert(pfmRules)
    .values({ userId, ...input })
    .returning();
  if (!row) throw new Error('rule not stored');
  return { id: row.id, contains: row.contains, category: row.category };
}

export async function deleteRule(db: Database, userId: string, ruleId: string) {
  const gone = await db
    .delete(pfmRules)
    .where(and(eq(pfmRules.id, ruleId), eq(pfmRules.userId, userId)))
    .returning({ id: pfmRules.id });
  if (gone.length === 0) throw notHers('esa regla');
}
