import type { PfmStatement, PfmStatements, pfmStatementPaymentInputSchema } from '@alcancia/contract/pfm';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pfmInstallments, pfmMovements, pfmPurchases, pfmStatementPayments } from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { dueDateFor } from './cuotas-schedule';
import { notHers } from './pfm-access';
import { findHerAccount, findHerCard } from './repository';

/** How many coming statements are listed one by one; the rest is "committed later". */
export const statementsShown = 6;

type Money = { ARS: number; USD: number };
const zero = (): Money => ({ ARS: 0, USD: 0 });

/** Every statement of her card that has cuotas, oldest first, with what it owes and whether it is paid. */
async function statementsOf(db: Pick<Database, 'select'>, cardId: string, dueDay: number) {
  const [items, payments] = await Promise.all([
    db
      .select({
        purchaseId: pfmInstallments.purchaseId,
        number: pfmInstallments.number,
        of: pfmPurchases.installments,
        description: pfmPurchases.description,
        amountMinor: pfmInstallments.amountMinor,
        currency: pfmInstallments.currency,
        statementClosing: pfmInstallments.statementClosing,
      })
      .from(pfmInstallments)
      .innerJoin(pfmPurchases, eq(pfmPurchases.id, pfmInstallments.purchaseId))
      .where(eq(pfmInstallments.cardId, cardId))
      .orderBy(
        asc(pfmInstallments.statementClosing),
        asc(pfmPurchases.occurredOn),
        asc(pfmInstallments.number),
      ),
    db.select().from(pfmStatementPayments).where(eq(pfmStatementPayments.cardId, cardId)),
  ]);
  const paidOn = new Map(payments.map((p) => [p.statementClosing, p.paidOn]));
  const byClosing = new Map<string, PfmStatement>();
  for (const { statementClosing, ...item } of items) {
    let statement = byClosing.get(statementClosing);
    if (!statement) {
      statement = {
        closingDate: statementClosing,
        dueDate: dueDateFor(statementClosing, dueDay),
        owedMinor: zero(),
        paid: paidOn.has(statementClosing),
        paidOn: paidOn.get(statementClosing) ?? null,
        items: [],
      };
      byClosing.set(statementClosing, statement);
    }
    statement.owedMinor[item.currency] += item.amountMinor;
    statement.items.push(item);
  }
  return [...byClosing.values()];
}

/**
 * "Próximos resúmenes" of her card: the statements already closed and not paid, then the coming
 * ones (the one open today first), at most `statementsShown`, each with what it owes; what her
 * cuotas commit in the statements after those, as one sum.
 */
export async function comingStatements(
  db: Database,
  userId: string,
  cardId: string,
  today = argentinaDate(),
): Promise<PfmStatements> {
  const card = await findHerCard(db, userId, cardId);
  if (!card) throw notHers('esa tarjeta');
  const all = await statementsOf(db, card.id, card.dueDay);
  const unpaidClosed = all.filter((s) => s.closingDate < today && !s.paid);
  const coming = all.filter((s) => s.closingDate >= today);
  const later = coming.slice(statementsShown);
  const committedLaterMinor = zero();
  for (const statement of later) {
    committedLaterMinor.ARS += statement.owedMinor.ARS;
    committedLaterMinor.USD += statement.owedMinor.USD;
  }
  return {
    card: { id: card.id, name: card.name, closingDay: card.closingDay, dueDay: card.dueDay },
    statements: [...unpaidClosed, ...coming.slice(0, statementsShown)],
    committedLaterMinor,
  };
}

/**
 * She paid a closed statement: it is settled, in one transaction with, when she names the account
 * she paid from, a movement out of it for what the statement owes in that account's currency.
 */
export async function payStatement(
  db: Database,
  userId: string,
  cardId: string,
  closingDate: string,
  input: z.infer<typeof pfmStatementPaymentInputSchema>,
  today = argentinaDate(),
) {
  const card = await findHerCard(db, userId, cardId);
  if (!card) throw notHers('esa tarjeta');
  if (closingDate >= today) {
    throw new AppError(
      'PFM_STATEMENT_OPEN',
      409,
      'Ese resumen todavía no cerró: lo podés pagar desde su cierre.',
    );
  }
  const account = input.accountId ? await findHerAccount(db, userId, input.accountId) : undefined;
  if (input.accountId && !account) throw notHers('esa cuenta');
  const paidOn = input.paidOn ?? today;
  return db.transaction(async (tx) => {
    const statement = (await statementsOf(tx, card.id, card.dueDay)).find(
      (s) => s.closingDate === closingDate,
    );
    if (!statement) throw new AppError('PFM_NOTHING_TO_PAY', 409, 'Ese resumen no tiene cuotas para pagar.');
    const [stored] = await tx
      .insert(pfmStatementPayments)
      .values({
        cardId: card.id,
        statementClosing: closingDate,
        userId,
        paidOn,
        paidMinor: statement.owedMinor,
      })
      .onConflictDoNothing()
      .returning();
    if (!stored) throw new AppError('PFM_STATEMENT_ALREADY_PAID', 409, 'Ese resumen ya está pagado.');
    if (account) {
      const owed = statement.owedMinor[account.currency];
      if (owed <= 0) {
        throw new AppError(
          'PFM_CURRENCY_MISMATCH',
          422,
          `Ese resumen no tiene nada en ${account.currency === 'USD' ? 'dólares' : 'pesos'} para pagar desde esa cuenta.`,
        );
      }
      await tx.insert(pfmMovements).values({
        userId,
        accountId: account.id,
        occurredOn: paidOn,
        description: `Pago del resumen de ${card.name} (cierre ${closingDate})`,
        amountMinor: -owed,
        currency: account.currency,
        category: 'Tarjeta',
      });
    }
    return { ...statement, paid: true, paidOn };
  });
}
