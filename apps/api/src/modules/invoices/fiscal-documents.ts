import type { FiscalDocumentRef } from '@alcancia/contract';
import { inArray } from 'drizzle-orm';
import { fiscalDocuments } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { voucherLetter } from './invoice-rules';

type Row = typeof fiscalDocuments.$inferSelect;

/** How Mi cuenta shows an issued document; null until ARCA authorized it. */
export function fiscalDocumentRef(row: Row): FiscalDocumentRef | null {
  if (
    row.status !== 'ISSUED' ||
    !row.voucherType ||
    !row.pointOfSale ||
    !row.number ||
    !row.cae ||
    !row.caeDueDate
  ) {
    return null;
  }
  return {
    type: voucherLetter(row.voucherType),
    pointOfSale: row.pointOfSale,
    number: row.number,
    cae: row.cae,
    caeDueDate: row.caeDueDate,
    url: `/api/users/me/fiscal-documents/${row.id}/pdf`,
  };
}

/** The issued invoice and credit notes of each payment, by payment id. */
export async function fiscalDocumentsOfPayments(
  db: Db,
  paymentIds: number[],
): Promise<Map<number, { invoice: FiscalDocumentRef | null; creditNotes: FiscalDocumentRef[] }>> {
  const byPayment = new Map<
    number,
    { invoice: FiscalDocumentRef | null; creditNotes: FiscalDocumentRef[] }
  >();
  for (const id of paymentIds) byPayment.set(id, { invoice: null, creditNotes: [] });
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select()
    .from(fiscalDocuments)
    .where(inArray(fiscalDocuments.paymentId, paymentIds))
    .orderBy(fiscalDocuments.id);
  for (const row of rows) {
    const ref = fiscalDocumentRef(row);
    const entry = byPayment.get(row.paymentId);
    if (!ref || !entry) continue;
    if (row.kind === 'invoice') entry.invoice = ref;
    else entry.creditNotes.push(ref);
  }
  return byPayment;
}
