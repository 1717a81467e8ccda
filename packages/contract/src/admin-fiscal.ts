import { z } from 'zod';

/* ---------- /admin/fiscal (issue 28): invoices and credit notes for operators ---------- */

export const fiscalDocumentStatuses = ['PENDING', 'ISSUED', 'FAILED'] as const;

export const fiscalMonthQuerySchema = z.object({
  /** YYYY-MM, in Argentina; default: this month */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Elegí un mes con el formato AAAA-MM.')
    .optional(),
  status: z.enum(fiscalDocumentStatuses).optional(),
});
export type FiscalMonthQuery = z.infer<typeof fiscalMonthQuerySchema>;

export const adminFiscalDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  status: z.enum(fiscalDocumentStatuses),
  /** "Factura C", "Nota de Crédito B"; null until the first try decided it */
  typeLabel: z.string().nullable(),
  pointOfSale: z.number().int().nullable(),
  number: z.number().int().nullable(),
  cae: z.string().nullable(),
  caeDueDate: z.string().nullable(),
  /** YYYY-MM-DD */
  issuedOn: z.string().nullable(),
  /** centavos */
  amount: z.number().int(),
  buyerEmail: z.string(),
  concept: z.string(),
  paymentId: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminFiscalDocument = z.infer<typeof adminFiscalDocumentSchema>;

export const adminFiscalDocumentsResponseSchema = z.object({
  month: z.string(),
  documents: z.array(adminFiscalDocumentSchema),
  counts: z.object({ PENDING: z.number().int(), ISSUED: z.number().int(), FAILED: z.number().int() }),
});
export type AdminFiscalDocumentsResponse = z.infer<typeof adminFiscalDocumentsResponseSchema>;

/** The issuer as configured (read-only: it changes with the server's configuration). */
export const fiscalSettingsSchema = z.object({
  mode: z.enum(['arca', 'stand-in', 'disabled']),
  environment: z.enum(['homologacion', 'produccion']),
  cuit: z.string(),
  pointOfSale: z.number().int(),
  ivaCondition: z.enum(['monotributo', 'responsable_inscripto']),
  invoiceLabel: z.string(),
  creditNoteLabel: z.string(),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>;

export const fiscalRetryResponseSchema = z.object({ status: z.enum(fiscalDocumentStatuses) });
