import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pfmAccounts, pfmCards, pfmRules } from '../../db/schema';

type Reader = Pick<Database, 'select'>;

/** Her account by id, or undefined (another person's id reads as none). */
export async function findHerAccount(db: Reader, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(pfmAccounts)
    .where(and(eq(pfmAccounts.id, accountId), eq(pfmAccounts.userId, userId)));
  return row;
}

/** Her card by id, or undefined. */
export async function findHerCard(db: Reader, userId: string, cardId: string) {
  const [row] = await db
    .select()
    .from(pfmCards)
    .where(and(eq(pfmCards.id, cardId), eq(pfmCards.userId, userId)));
  return row;
}

/** Her rules, oldest first (the first that matches wins). */
export async function herRules(db: Reader, userId: string) {
  return db
    .select({ id: pfmRules.id, contains: pfmRules.contains, category: pfmRules.category })
    .from(pfmRules)
    .where(eq(pfmRules.userId, userId))
    .orderBy(asc(pfmRules.createdAt), asc(pfmRules.id));
}

/** Her accounts with their balances (opening + every movement), in creation order. */
export async function herAccountsWithBalances(db: Reader, userId: string) {
  const rows = await db
    .select({
      id: pfmAccounts.id,
      name: pfmAccounts.name,
      kind: pfmAccounts.kind,
      currency: pfmAccounts.currency,
      openingBalanceMinor: pfmAccounts.openingBalanceMinor,
      // qualified by hand: inside the subquery an unqualified "id" would be the movement's
      moved: sql<string>`coalesce((select sum(m.amount_minor) from pfm_movements m where m.account_id = "pfm_accounts"."id"), 0)`,
    })
    .from(pfmAccounts)
    .where(eq(pfmAccounts.userId, userId))
    .orderBy(asc(pfmAccounts.createdAt), asc(pfmAccounts.id));
  return rows.map(({ moved, ...row }) => ({ ...row, balanceMinor: row.openingBalanceMinor + Number(moved) }));
}
