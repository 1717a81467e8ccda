import { invoiceDniPattern } from '@alcancia/contract';
import type { Config } from '../../config';
import type { VoucherType } from '../../providers/invoicing/fiscal-authority';

/**
 * The invoice rules (decision 130). A monotributista issues Factura C (11) and Nota de Crédito C
 * (13); a responsable inscripto selling to final consumers issues Factura B (6) and Nota de
 * Crédito B (8), whose price contains 21 % IVA (shown apart, Ley 27.743). The buyer is a final
 * consumer (DocTipo 99, DocNro 0, CondicionIVAReceptorId 5) unless she gave a document.
 */
export type IvaCondition = Config['invoicing']['ivaCondition'];

export const voucherTypes: Record<IvaCondition, { invoice: VoucherType; creditNote: VoucherType }> = {
  monotributo: { invoice: 11, creditNote: 13 },
  responsable_inscripto: { invoice: 6, creditNote: 8 },
};

/** The credit note that cancels an invoice of this type. */
export const creditNoteFor: Record<number, VoucherType> = { 6: 8, 11: 13 };

export const voucherLetter = (type: number): 'A' | 'B' | 'C' =>
  type === 6 || type === 8 ? 'B' : type === 11 || type === 13 ? 'C' : 'A';

export const voucherLabels: Record<number, string> = {
  6: 'Factura B',
  8: 'Nota de Crédito B',
  11: 'Factura C',
  13: 'Nota de Crédito C',
};

/** IVA 21 % (ARCA's AlicIva id 5). */
export const vatRate = 0.21;
export const vatRateId = 5;

/** Consumidor final, RG 5616 (FEParamGetCondicionIvaReceptor). */
export const finalConsumerCondition = 5;

/** ARCA's document types: DNI, and none (consumidor final without a document). */
export const dniDocType = 96;
export const noDocumentDocType = 99;

/**
 * Who the invoice names: her DNI when she gave it at checkout (the order's `invoiceDocument`),
 * otherwise consumidor final without a document (DocTipo 99, DocNro 0). She stays consumidor final
 * (CondicionIVAReceptorId 5) either way.
 */
export function receiverDocument(details: Record<string, unknown>): { docType: number; docNumber: string } {
  const dni = details.invoiceDocument;
  if (typeof dni === 'string' && invoiceDniPattern.test(dni)) return { docType: dniDocType, docNumber: dni };
  return { docType: noDocumentDocType, docNumber: '0' };
}

/** Net and IVA of a price that contains 21 % IVA (class B); class C has no IVA apart. */
export function splitTotal(
  type: number,
  totalCentavos: number,
): { netCentavos: number; vatCentavos: number } {
  if (voucherLetter(type) !== 'B') return { netCentavos: totalCentavos, vatCentavos: 0 };
  const netCentavos = Math.round(totalCentavos / (1 + vatRate));
  return { netCentavos, vatCentavos: totalCentavos - netCentavos };
}

/** "0001-00000042": punto de venta and number as printed on vouchers. */
export const voucherNumber = (pointOfSale: number, number: number) =>
  `${String(pointOfSale).padStart(5, '0')}-${String(number).padStart(8, '0')}`;

/** yyyymmdd ↔ YYYY-MM-DD */
export const compactDate = (iso: string) => iso.replace(/-/g, '');
export const isoDate = (compact: string) =>
  `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;

/** Tries before a document is left FAILED for operators (about a day and a half in all). */
export const MAX_FISCAL_ATTEMPTS = 8;
/** Wait before the next try: 30 s, 2 min, 8 min, 32 min… at most 6 h. */
export const fiscalBackoffSeconds = (attempts: number) =>
  Math.min(30 * 4 ** Math.max(attempts - 1, 0), 6 * 3600);
