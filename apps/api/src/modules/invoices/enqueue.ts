import { and, eq, sql } from 'drizzle-orm';
import { fiscalDocuments } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { receiverDocument } from './invoice-rules';

/**
 * The fiscal document of an approved payment, written in the transaction that records the
 * approval: once per payment (unique index), whatever replays of the notification come. A payment
 * that is not approved gets nothing. The `invoices.issue` job (or the process's kick after the
 * commit) asks ARCA for its CAE. It names her DNI when she gave it at checkout (decision 0133).
 */
export async function enqueueInvoice(
  tx: Db,
  payment: { id: number; status: string; amountCentavos: number },
  order: { details: Record<string, unknown> },
): Promise<void> {
  if (payment.status !== 'approved' || payment.amountCentavos <= 0) return;
  await tx
    .insert(fiscalDocuments)
    .values({
      kind: 'invoice',
      paymentId: payment.id,
      amountCentavos: payment.amountCentavos,
      ...receiverDocument(order.details),
    })
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
  // It names the same receiver as the invoice it cancels.
  const [invoice] = await tx
    .select({ docType: fiscalDocuments.docType, docNumber: fiscalDocuments.docNumber })
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.paymentId, refund.paymentId), eq(fiscalDocuments.kind, 'invoice')));
  await tx
    .insert(fiscalDocuments)
    .values({
      kind: 'credit_note',
      paymentId: refund.paymentId,
      refundId: refund.id,
      amountCentavos: refund.amountCentavos,
      ...(invoice ? { docType: invoice.docType, docNumber: invoice.docNumber } : {}),
    })
    .onConflictDoNothing({ target: fiscalDocuments.refundId });
}
