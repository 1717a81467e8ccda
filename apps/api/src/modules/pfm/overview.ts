import type { PfmOverview } from '@alcancia/contract/pfm';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pfmCards, pfmMovements } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { categoryChoices } from './categories';
import { herAccountsWithBalances, herRules } from './repository';

/** Her space in one answer: accounts with balances, cards, rules and the categories to choose. */
export async function herOverview(db: Database, userId: string): Promise<PfmOverview> {
  const [accounts, cards, rules, used] = await Promise.all([
    herAccountsWithBalances(db, userId),
    db
      .select({
        id: pfmCards.id,
        name: pfmCards.name,
        closingDay: pfmCards.closingDay,
        dueDay: pfmCards.dueDay,
      })
      .from(pfmCards)
      .where(eq(pfmCards.userId, userId))
      .orderBy(asc(pfmCards.createdAt), asc(pfmCards.id)),
    herRules(db, userId),
    db
      .selectDistinct({ category: pfmMovements.category })
      .from(pfmMovements)
      .where(eq(pfmMovements.userId, userId))
      .orderBy(sql`1`),
  ]);
  return {
    today: argentinaDate(),
    accounts,
    cards,
    rules,
    categories: categoryChoices([...used.map((u) => u.category), ...rules.map((r) => r.category)]),
  };
}
