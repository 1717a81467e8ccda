import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  pfmAccounts,
  pfmCards,
  pfmInstallments,
  pfmMovements,
  pfmPurchases,
  pfmRules,
  pfmStatementPayments,
} from '../../db/schema';
import type { Tx } from '../../db/transaction';

/**
 * What Mis Cuentas holds of hers (issue 43): accounts, cards, movements, rules, purchases with
 * their cuotas, paid statements. In her data export under `extras.pfm`; erased with her account.
 * Registered by the composition (app.ts) with account's `registerHerDataPart` (decision 0323).
 */
export const pfmHerData = {
  key: 'pfm',
  async exportRows(db: Database, userId: string): Promise<unknown[]> {
    const [accounts, cards, movements, rules, purchases, installments, payments] = await Promise.all([
      db.select().from(pfmAccounts).where(eq(pfmAccounts.userId, userId)).orderBy(asc(pfmAccounts.createdAt)),
      db.select().from(pfmCards).where(eq(pfmCards.userId, userId)).orderBy(asc(pfmCards.createdAt)),
      db
        .select()
        .from(pfmMovements)
        .where(eq(pfmMovements.userId, userId))
        .orderBy(asc(pfmMovements.occurredOn), asc(pfmMovements.createdAt)),
      db.select().from(pfmRules).where(eq(pfmRules.userId, userId)).orderBy(asc(pfmRules.createdAt)),
      db
        .select()
        .from(pfmPurchases)
        .where(eq(pfmPurchases.userId, userId))
        .orderBy(asc(pfmPurchases.createdAt)),
      db
        .select()
        .from(pfmInstallments)
        .where(eq(pfmInstallments.userId, userId))
        .orderBy(asc(pfmInstallments.number)),
      db.select().from(pfmStatementPayments).where(eq(pfmStatementPayments.userId, userId)),
    ]);
    const when = (at: Date) => at.toISOString();
    return [
      ...accounts.map(({ userId: _u, createdAt, ...a }) => ({
        type: 'account',
        ...a,
        createdAt: when(createdAt),
      })),
      ...cards.map(({ userId: _u, createdAt, ...c }) => ({ type: 'card', ...c, createdAt: when(createdAt) })),
      ...movements.map(({ userId: _u, createdAt, ...m }) => ({
        type: 'movement',
        ...m,
        createdAt: when(createdAt),
      })),
      ...rules.map(({ userId: _u, createdAt, ...r }) => ({ type: 'rule', ...r, createdAt: when(createdAt) })),
      ...purchases.map(({ userId: _u, createdAt, ...p }) => ({
        type: 'purchase',
        ...p,
        createdAt: when(createdAt),
        cuotas: installments
          .filter((i) => i.purchaseId === p.id)
          .map(({ number, amountMinor, currency, statementClosing }) => ({
            number,
            amountMinor,
            currency,
            statementClosing,
          })),
      })),
      ...payments.map(({ userId: _u, createdAt, ...s }) => ({
        type: 'statement_payment',
        ...s,
        createdAt: when(createdAt),
      })),
    ];
  },
  async erase(tx: Tx, userId: string): Promise<void> {
    // children first, though the foreign keys cascade from accounts and cards too
    await tx.delete(pfmStatementPayments).where(eq(pfmStatementPayments.userId, userId));
    await tx.delete(pfmInstallments).where(eq(pfmInstallments.userId, userId));
    await tx.delete(pfmPurchases).where(eq(pfmPurchases.userId, userId));
    await tx.delete(pfmMovements).where(eq(pfmMovements.userId, userId));
    await tx.delete(pfmRules).where(eq(pfmRules.userId, userId));
    await tx.delete(pfmCards).where(eq(pfmCards.userId, userId));
    await tx.delete(pfmAccounts).where(eq(pfmAccounts.userId, userId));
  },
};
