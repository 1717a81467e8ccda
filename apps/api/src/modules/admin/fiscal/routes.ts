import {
  type AdminFiscalDocument,
  adminFiscalDocumentsResponseSchema,
  fiscalMonthQuerySchema,
  fiscalRetryResponseSchema,
  fiscalSettingsSchema,
} from '@alcancia/contract/admin';
import { csvDocument, csvNumber } from '@alcancia/contract/csv';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fiscalDocuments, paymentOrders, payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import { voucherLabels, voucherTypes } from '../../invoices/invoice-rules';
import { conceptOf } from '../../invoices/order-concept';
import { recordAudit } from '../core/audit';

/** The documents of a month (YYYY-MM, Argentina): by voucher date once issued, else by creation. */
const dayOf = sql`coalesce(${fiscalDocuments.issuedOn}, (${fiscalDocuments.createdAt} at time zone 'America/Argentina/Buenos_Aires')::date)`;
const inMonth = (month: string): SQL =>
  sql`${dayOf} >= ${`${month}-01`}::date and ${dayOf} < (${`${month}-01`}::date + interval '1 month')`;

async function documentsOf(app: FastifyInstance, where: SQL, limit = 2000): Promise<AdminFiscalDocument[]> {
  const rows = await app.db
    .select({ doc: fiscalDocuments, order: paymentOrders })
    .from(fiscalDocuments)
    .innerJoin(payments, eq(payments.id, fiscalDocuments.paymentId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(where)
    .orderBy(desc(fiscalDocuments.id))
    .limit(limit);
  return rows.map(({ doc, order }) => ({
    id: String(doc.id),
    kind: doc.kind,
    status: doc.status,
    typeLabel: doc.voucherType ? (voucherLabels[doc.voucherType] ?? String(doc.voucherType)) : null,
    pointOfSale: doc.pointOfSale,
    number: doc.status === 'ISSUED' ? doc.number : null,
    cae: doc.cae,
    caeDueDate: doc.caeDueDate,
    issuedOn: doc.issuedOn,
    amount: doc.amountCentavos,
    buyerEmail: order.payerEmail,
    concept: conceptOf(order),
    paymentId: String(doc.paymentId),
    attempts: doc.attempts,
    lastError: doc.lastError,
    createdAt: doc.createdAt.toISOString(),
  }));
}

/** Amounts as an Argentine spreadsheet reads them: comma decimals, no thousands separator. */
const amount = (centavos: number) => csvNumber((centavos / 100).toFixed(2).replace('.', ','));

/**
 * The back office's fiscal page (issue 28): the month's invoices and credit notes with their
 * state, the retry of one ARCA did not authorize, the month's sales book as CSV for the
 * accountant, and the issuer's settings (read-only: they come from the configuration). Support
 * reads (`payments`); only an admin retries (`fiscal`).
 */
export const adminFiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fiscal/documents',
    {
      schema: {
        tags: ['admin'],
        summary: 'Facturas y notas de crédito del mes, con su estado',
        security: [{ bearerAuth: [] }],
        querystring: fiscalMonthQuerySchema,
        response: { 200: adminFiscalDocumentsResponseSchema },
      },
      config: { permission: 'payments' },
    },
    async (request) => {
      const month = request.query.month ?? argentinaDate().slice(0, 7);
      const status = request.query.status;
      const documents = await documentsOf(
        app,
        and(inMonth(month), status ? eq(fiscalDocuments.status, status) : undefined) as SQL,
      );
      const { rows } = await app.db.execute<{ status: 'PENDING' | 'ISSUED' | 'FAILED'; n: string | number }>(
        sql`select status, count(*) as n from fiscal_documents where ${inMonth(month)} group by status`,
      );
      const counts = { PENDING: 0, ISSUED: 0, FAILED: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return { month, documents, counts };
    },
  );

  app.get(
    '/fiscal/sales-book',
    {
      schema: {
        tags: ['admin'],
        summary: 'Libro de ventas del mes (CSV para el estudio contable)',
        security: [{ bearerAuth: [] }],
        querystring: fiscalMonthQuerySchema.pick({ month: true }),
      },
      config: { permission: 'payments' },
    },
    async (request, reply) => {
      const month = request.query.month ?? argentinaDate().slice(0, 7);
      const rows = await app.db
        .select({ doc: fiscalDocuments, order: paymentOrders })
        .from(fiscalDocuments)
        .innerJoin(payments, eq(payments.id, fiscalDocuments.paymentId))
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .where(and(eq(fiscalDocuments.status, 'ISSUED'), inMonth(month)))
        .orderBy(fiscalDocuments.issuedOn, fiscalDocuments.voucherType, fiscalDocuments.number);
      const header = [
        'Fecha',
        'Tipo',
        'Código',
        'Punto de venta',
        'Número',
        'CAE',
        'Vencimiento CAE',
        'Tipo doc. receptor',
        'Nro. doc. receptor',
        'Receptor',
        'Concepto',
        'Neto gravado',
        'IVA',
        'Total',
      ];
      const lines = rows.map(({ doc, order }) => {
        // Credit notes subtract from the month's sales.
        const sign = doc.kind === 'credit_note' ? -1 : 1;
        return [
          doc.issuedOn,
          voucherLabels[doc.voucherType ?? 0] ?? '',
          doc.voucherType,
          doc.pointOfSale,
          doc.number,
          doc.cae,
          doc.caeDueDate,
          doc.docType,
          doc.docNumber,
          // her address and the product's name are typed by people: csvDocument neutralizes them
          order.payerEmail,
          conceptOf(order),
          amount(sign * (doc.netCentavos ?? doc.amountCentavos)),
          amount(sign * (doc.vatCentavos ?? 0)),
          amount(sign * doc.amountCentavos),
        ];
      });
      const csv = csvDocument([header, ...lines], ';');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="libro-de-ventas-${month}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/fiscal/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Datos del emisor (solo lectura: vienen de la configuración)',
        security: [{ bearerAuth: [] }],
        response: { 200: fiscalSettingsSchema },
      },
      config: { permission: 'payments' },
    },
    async () => {
      const settings = app.config.invoicing;
      const types = voucherTypes[settings.ivaCondition];
      return {
        mode: settings.mode,
        environment: settings.environment,
        cuit: settings.cuit,
        pointOfSale: settings.pointOfSale,
        ivaCondition: settings.ivaCondition,
        invoiceLabel: voucherLabels[types.invoice] ?? '',
        creditNoteLabel: voucherLabels[types.creditNote] ?? '',
      };
    },
  );

  app.post(
    '/fiscal/documents/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reintentar ahora una factura o nota de crédito que ARCA no autorizó',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: fiscalRetryResponseSchema },
      },
      config: { permission: 'fiscal' },
    },
    async (request) => {
      const { id } = request.params;
      const [before] = await app.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.id, id));
      if (!before) throw AppError.notFound('No encontramos ese comprobante.');
      if (before.status === 'ISSUED') {
        throw new AppError('ALREADY_ISSUED', 409, 'Ese comprobante ya tiene su CAE.');
      }
      await recordAudit(app.db, request, {
        action: 'fiscal_document.retry',
        targetType: 'fiscal_document',
        targetId: String(id),
        before: { status: before.status, attempts: before.attempts, error: before.lastError },
      });
      const status = (await app.invoicing.retry(id)) ?? before.status;
      return { status };
    },
  );
};
