import { sql } from 'drizzle-orm';
import { fiscalDocuments } from '../../db/schema';
import type { Db } from '../../db/transaction';

/**
 * The fiscal document of an approved payment, written in the transaction that records the
 * approval: once per payment (unique index), whatever replays of the notification come. A payment
 * that is not approved gets nothing. The `invoices.issue` job (or the process's kick after the
 * commit) asks ARCA for its CAE.
 */
export async function enqueueInvoice(
  tx: Db,
  payment: { id: number; status: string; amountCentavos: number },
): Promise<void> {
  if (payment.status !== 'approved' || payment.amountCentavos <= 0) return;
  await tx
    .insert(fiscalDocuments)
    .values({ kind: 'invoice', paymentId: payment.id, amountCentavos: payment.amountCentavos })
    .onConflictDoNothing({
      target: fiscalDocuments.paymentId,
      where: sql`${fiscalDocuments.kind} = 'invoice'`,
    });
}

/** The credit note of a refund that succeeded, written in the transaction that marks it SUCCESS. */
export async function enqueueCreditNote(
  tx: Db,
  refund: { id: number; paymentId: number; amountCentavos: number },
): Promise<void> {
  if (refund.amountCentavos <= 0) return;
  await tx
    .insert(fiscalDocuments)
    .values({
      kind: 'credit_note',
      paymentId: refund.paymentId,
      refundId: refund.id,
      amountCentavos: refund.amountCentavos,
    })
    .onConflictDoNothing({ target: fiscalDocuments.refundId });
}
