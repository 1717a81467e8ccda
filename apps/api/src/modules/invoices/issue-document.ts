import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fiscalDocuments } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import {
  type FiscalProblem,
  FiscalUnavailableError,
  type VoucherRequest,
  type VoucherType,
} from '../../providers/invoicing/fiscal-authority';
import { enqueueFiscalDocumentMail } from './fiscal-document-mails';
import { renderFiscalDocument } from './invoice-document-pdf';
import {
  compactDate,
  creditNoteFor,
  finalConsumerCondition,
  fiscalBackoffSeconds,
  isoDate,
  MAX_FISCAL_ATTEMPTS,
  splitTotal,
  vatRateId,
  voucherTypes,
} from './invoice-rules';
import { issuanceLockKey, withAdvisoryLock } from './issuance-lock';

export type FiscalDocumentRow = typeof fiscalDocuments.$inferSelect;
export type IssueOutcome = 'ISSUED' | 'PENDING' | 'FAILED';

/** ARCA refused the voucher: nothing was authorized and its number stays free. */
class VoucherRejected extends Error {
  constructor(readonly problems: FiscalProblem[]) {
    super(`rechazado por ARCA: ${problems.map((p) => `${p.code} ${p.message}`).join('; ')}`);
  }
}

/** The document cannot be tried yet (a credit note whose invoice has no CAE yet). */
class NotYet extends Error {}

async function load(app: FastifyInstance, id: number): Promise<FiscalDocumentRow | undefined> {
  const [row] = await app.db.select().from(fiscalDocuments).where(eq(fiscalDocuments.id, id));
  return row;
}

/** The invoice a credit note cancels, once it has its CAE. */
async function invoiceOf(app: FastifyInstance, doc: FiscalDocumentRow): Promise<FiscalDocumentRow> {
  const [invoice] = await app.db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.paymentId, doc.paymentId), eq(fiscalDocuments.kind, 'invoice')));
  if (!invoice) throw new VoucherRejected([{ code: 0, message: 'la venta no tiene factura electrónica' }]);
  if (invoice.status !== 'ISSUED' || !invoice.voucherType || !invoice.number) {
    throw new NotYet(`waiting for invoice ${invoice.id}`);
  }
  return invoice;
}

/**
 * One try of one fiscal document (the issuer claimed it). Under the lock of its punto de venta and
 * voucher type:
 *
 * 1. A number held from an earlier try whose answer never came (a timeout, a 5xx, a process that
 *    died) is first looked up with FECompConsultar: found, the voucher is ours and the document
 *    takes its CAE (no second invoice for the sale); not found, the number was never used.
 * 2. Otherwise the next number is FECompUltimoAutorizado + 1. It is written to the row (committed)
 *    before FECAESolicitar, so a lost answer leaves it held for step 1.
 * 3. Approved: ISSUED with the CAE, and the buyer's mail is queued. Refused: the number is freed
 *    and the try counts as failed. No answer: the number stays held and the try counts as failed.
 *
 * Failed tries are retried with backoff; after the last the document is FAILED for operators.
 */
export async function issueDocument(app: FastifyInstance, id: number): Promise<IssueOutcome> {
  const authority = app.fiscalAuthority;
  const settings = app.config.invoicing;
  let doc = await load(app, id);
  if (!doc) throw new Error(`fiscal document ${id} not found`);
  if (doc.status !== 'PENDING') return doc.status;
  if (!authority) {
    await postpone(app, doc, 'la facturación electrónica no está configurada', false);
    return 'PENDING';
  }
  try {
    const invoice = doc.kind === 'credit_note' ? await invoiceOf(app, doc) : null;
    const type: VoucherType =
      (doc.voucherType as VoucherType | null) ??
      (invoice
        ? (creditNoteFor[invoice.voucherType ?? 0] as VoucherType)
        : voucherTypes[settings.ivaCondition].invoice);
    const pointOfSale = doc.pointOfSale ?? settings.pointOfSale;
    const { netCentavos, vatCentavos } = splitTotal(type, doc.amountCentavos);
    if (doc.voucherType === null || doc.pointOfSale === null) {
      await app.db
        .update(fiscalDocuments)
        .set({ voucherType: type, pointOfSale, netCentavos, vatCentavos, updatedAt: sql`now()` })
        .where(eq(fiscalDocuments.id, doc.id));
    }
    return await withAdvisoryLock(app, issuanceLockKey(pointOfSale, type), async () => {
      doc = await load(app, id);
      if (doc?.status !== 'PENDING') return doc?.status ?? 'FAILED';
      let number = doc.number;
      if (number !== null) {
        const found = await authority.consult(pointOfSale, type, number);
        if (found && found.totalCentavos === doc.amountCentavos) {
          app.log.warn(
            { fiscalDocumentId: doc.id, number },
            'a voucher authorized without an answer was found and kept',
          );
          await markIssued(app, doc, { cae: found.cae, caeDueDate: found.caeDueDate, date: found.date });
          return 'ISSUED';
        }
        const last = await authority.lastAuthorized(pointOfSale, type);
        if (found || last !== number - 1) number = null;
      }
      if (number === null) {
        const last = await authority.lastAuthorized(pointOfSale, type);
        number = last + 1;
        // Numbers held by documents whose requests ARCA never authorized are free again.
        await app.db
          .update(fiscalDocuments)
          .set({ number: null, updatedAt: sql`now()` })
          .where(
            and(
              eq(fiscalDocuments.pointOfSale, pointOfSale),
              eq(fiscalDocuments.voucherType, type),
              gt(fiscalDocuments.number, last),
              eq(fiscalDocuments.status, 'PENDING'),
              ne(fiscalDocuments.id, doc.id),
            ),
          );
      }
      const date = compactDate(argentinaDate());
      await app.db
        .update(fiscalDocuments)
        .set({ number, issuedOn: isoDate(date), updatedAt: sql`now()` })
        .where(eq(fiscalDocuments.id, doc.id));
      const request: VoucherRequest = {
        pointOfSale,
        type,
        number,
        concept: 2,
        docType: doc.docType,
        docNumber: doc.docNumber,
        date,
        totalCentavos: doc.amountCentavos,
        netCentavos,
        vatCentavos,
        vat:
          vatCentavos > 0 || type === 6 || type === 8
            ? [{ id: vatRateId, baseCentavos: netCentavos, amountCentavos: vatCentavos }]
            : [],
        serviceFrom: date,
        serviceTo: date,
        paymentDue: date,
        receiverVatCondition: doc.receiverVatCondition ?? finalConsumerCondition,
        associated: invoice
          ? [
              {
                type: invoice.voucherType as VoucherType,
                pointOfSale: invoice.pointOfSale ?? pointOfSale,
                number: invoice.number as number,
                date: compactDate(invoice.issuedOn ?? isoDate(date)),
              },
            ]
          : [],
      };
      const answer = await authority.authorize(request);
      if (answer.outcome === 'rejected') {
        await app.db
          .update(fiscalDocuments)
          .set({ number: null, updatedAt: sql`now()` })
          .where(eq(fiscalDocuments.id, doc.id));
        throw new VoucherRejected(answer.problems);
      }
      await markIssued(app, doc, { cae: answer.cae, caeDueDate: answer.caeDueDate, date });
      return 'ISSUED';
    });
  } catch (error) {
    const current = (await load(app, id)) ?? doc;
    if (error instanceof NotYet) {
      await postpone(app, current, null, false);
      return 'PENDING';
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const uncertain = error instanceof FiscalUnavailableError && error.uncertain;
    app.log.warn(
      { fiscalDocumentId: id, attempt: current.attempts, uncertain, reason: message },
      'fiscal document not issued; it will be retried',
    );
    if (current.attempts >= MAX_FISCAL_ATTEMPTS) {
      await app.db
        .update(fiscalDocuments)
        .set({ status: 'FAILED', lastError: message, nextAttemptAt: null, updatedAt: sql`now()` })
        .where(and(eq(fiscalDocuments.id, id), eq(fiscalDocuments.status, 'PENDING')));
      app.log.error(
        { fiscalDocumentId: id, reason: message },
        'fiscal document failed for good: an operator must act',
      );
      return 'FAILED';
    }
    await postpone(app, current, message, true);
    return 'PENDING';
  }
}

/** Back to the queue: after its backoff when the try failed, in a minute when it must wait. */
async function postpone(app: FastifyInstance, doc: FiscalDocumentRow, error: string | null, failed: boolean) {
  const seconds = failed ? fiscalBackoffSeconds(doc.attempts) : 60;
  await app.db
    .update(fiscalDocuments)
    .set({
      ...(error ? { lastError: error } : {}),
      // A wait that is not a failure gives its try back.
      ...(failed ? {} : { attempts: sql`greatest(${fiscalDocuments.attempts} - 1, 0)` }),
      nextAttemptAt: sql`now() + make_interval(secs => ${seconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fiscalDocuments.id, doc.id), eq(fiscalDocuments.status, 'PENDING')));
}

/**
 * The PDF the mail carries, drawn before the CAE's transaction so it stays short. A drawing that
 * fails never holds back the CAE: the mail then points to Mi cuenta, which draws it on request.
 */
async function pdfOf(app: FastifyInstance, doc: FiscalDocumentRow) {
  try {
    return await renderFiscalDocument(app, doc);
  } catch (error) {
    app.log.error({ err: error, fiscalDocumentId: doc.id }, 'fiscal document PDF not drawn for its mail');
    return null;
  }
}

async function markIssued(
  app: FastifyInstance,
  doc: FiscalDocumentRow,
  voucher: { cae: string; caeDueDate: string; date: string },
) {
  // As stored now (number, punto de venta and type were written before the request).
  const stored = (await load(app, doc.id)) ?? doc;
  const pdf = await pdfOf(app, {
    ...stored,
    status: 'ISSUED',
    cae: voucher.cae,
    caeDueDate: isoDate(voucher.caeDueDate),
    issuedOn: isoDate(voucher.date),
  });
  const mailed = await app.db.transaction(async (tx) => {
    const [issued] = await tx
      .update(fiscalDocuments)
      .set({
        status: 'ISSUED',
        cae: voucher.cae,
        caeDueDate: isoDate(voucher.caeDueDate),
        issuedOn: isoDate(voucher.date),
        lastError: null,
        nextAttemptAt: null,
        issuedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(fiscalDocuments.id, doc.id), eq(fiscalDocuments.status, 'PENDING')))
      .returning();
    if (!issued) return false;
    return enqueueFiscalDocumentMail(tx, app.config.publicUrl, issued, pdf);
  });
  if (mailed) app.mail.kick();
}
