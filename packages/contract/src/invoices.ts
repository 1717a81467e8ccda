import { z } from 'zod';
import { invoiceDniPattern, invoiceDocumentErrorMessage } from './rules';

/**
 * An electronic invoice or credit note authorized by ARCA (issue 28), as Mi cuenta lists it next
 * to the receipt: letter, punto de venta, number, CAE and its due date, and the PDF's address
 * (answered to the buyer only).
 */
export const fiscalDocumentRefSchema = z.object({
  /** the voucher's letter: C (monotributo), B (responsable inscripto to final consumers), A */
  type: z.enum(['A', 'B', 'C']),
  pointOfSale: z.number().int(),
  number: z.number().int(),
  /** ARCA's authorization code, 14 digits */
  cae: z.string(),
  /** YYYY-MM-DD */
  caeDueDate: z.string(),
  /** /api/users/me/fiscal-documents/{id}/pdf */
  url: z.string(),
});
export type FiscalDocumentRef = z.infer<typeof fiscalDocumentRefSchema>;

export const fiscalDocumentIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * `invoiceDocument` of every checkout (program, card subscription, guest membership): her DNI for
 * the invoice, when she wants it there (optional; blank means none). The invoice then names her with
 * DocTipo 96 instead of consumidor final without a document (DocTipo 99). Decision 0133.
 */
export const invoiceDocumentSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().regex(invoiceDniPattern, invoiceDocumentErrorMessage).optional(),
);
