import type { PfmPurchase, pfmPurchaseInputSchema } from '@alcancia/contract/pfm';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { pfmInstallments, pfmPurchases, pfmStatementPayments } from '../../db/schema';
import { AppError } from '../../errors';
import { categoryFor } from './categories';
import { cuotasSchedule } from './cuotas-schedule';
import { notHers } from './pfm-access';
import { findHerCard, herRules } from './repository';

/**
 * A purchase on her card in N cuotas: the purchase and each of its cuotas, in the statement it
 * falls in by the card's closing day (cuotas-schedule.ts), in one transaction. A cuota that would
 * land in a statement she already paid is refused: the statement is settled.
 */
export async function addPurchase(
  db: Database,
  userId: string,
  cardId: string,
  input: z.infer<typeof pfmPurchaseInputSchema>,
): Promise<PfmPurchase> {
  const card = await findHerCard(db, userId, cardId);
  if (!card) throw notHers('esa tarjeta');
  const annualRatePercent = input.annualRatePercent ?? '0';
  const schedule = cuotasSchedule({
    purchasedOn: input.occurredOn,
    amountMinor: input.amountMinor,
    installments: input.installments,
    annualRatePercent,
    closingDay: card.closingDay,
    dueDay: card.dueDay,
  });
  const category = input.category ?? categoryFor(input.description, await herRules(db, userId));
  return db.transaction(async (tx) => {
    const paid = await tx
      .select({ closing: pfmStatementPayments.statementClosing })
      .from(pfmStatementPayments)
      .where(
        and(
          eq(pfmStatementPayments.cardId, card.id),
          inArray(
            pfmStatementPayments.statementClosing,
            schedule.cuotas.map((c) => c.statementClosing),
          ),
        ),
      );
    if (paid.length > 0) {
      throw new AppError(
        'PFM_STATEMENT_ALREADY_PAID',
        409,
        `La primera cuota caería en el resumen que cerró el ${paid[0]?.closing}, que ya pagaste.`,
      );
    }
    const [purchase] = await tx
      .insert(pfmPurchases)
      .values({
        userId,
        cardId: card.id,
        occurredOn: input.occurredOn,
        description: input.description,
        amountMinor: input.amountMinor,
        totalMinor: schedule.totalMinor,
        currency: input.currency,
        installments: input.installments,
        annualRatePercent,
        category,
      })
      .returning();
    if (!purchase) throw new Error('purchase not stored');
    await tx.insert(pfmInstallments).values(
      schedule.cuotas.map((cuota) => ({
        purchaseId: purchase.id,
        number: cuota.number,
        userId,
        cardId: card.id,
        amountMinor: cuota.amountMinor,
        currency: input.currency,
        statementClosing: cuota.statementClosing,
      })),
    );
    return {
      id: purchase.id,
      cardId: card.id,
      occurredOn: purchase.occurredOn,
      description: purchase.description,
      amountMinor: purchase.amountMinor,
      totalMinor: purchase.totalMinor,
      currency: purchase.currency,
      installments: purchase.installments,
      annualRatePercent,
      category,
      schedule: schedule.cuotas.map(({ number, amountMinor, statementClosing }) => ({
        number,
        amountMinor,
        statementClosing,
      })),
    };
  });
}
