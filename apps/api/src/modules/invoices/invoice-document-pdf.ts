import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fiscalDocuments, paymentOrders, payments, users } from '../../db/schema';
import { spanishDate } from '../../lib/spanish-format';
import { arcaQrUrl, type InvoicePdfData, renderInvoicePdf } from './invoice-pdf';
import {
  compactDate,
  finalConsumerCondition,
  voucherLabels,
  voucherLetter,
  voucherNumber,
} from './invoice-rules';
import { conceptOf } from './order-concept';

type Row = typeof fiscalDocuments.$inferSelect;

/** The PDF of an issued document (the caller checked whose it is). */
export async function renderFiscalDocument(
  app: FastifyInstance,
  doc: Row,
): Promise<{ pdf: Buffer; fileName: string }> {
  if (
    doc.status !== 'ISSUED' ||
    !doc.voucherType ||
    !doc.pointOfSale ||
    !doc.number ||
    !doc.cae ||
    !doc.caeDueDate ||
    !doc.issuedOn
  ) {
    throw new Error(`fiscal document ${doc.id} is not issued`);
  }
  const [row] = await app.db
    .select({ order: paymentOrders, name: users.name })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .leftJoin(users, eq(users.id, paymentOrders.userId))
    .where(eq(payments.id, doc.paymentId));
  if (!row) throw new Error(`payment ${doc.paymentId} not found`);
  let associated: string | null = null;
  if (doc.kind === 'credit_note') {
    const [invoice] = await app.db
      .select()
      .from(fiscalDocuments)
      .where(and(eq(fiscalDocuments.paymentId, doc.paymentId), eq(fiscalDocuments.kind, 'invoice')));
    if (invoice?.voucherType && invoice.pointOfSale && invoice.number && invoice.issuedOn) {
      associated = `${voucherLabels[invoice.voucherType]} ${voucherNumber(invoice.pointOfSale, invoice.number)} del ${spanishDate(invoice.issuedOn)}`;
    }
  }
  const settings = app.config.invoicing;
  const business = app.config.business;
  const guestName = [row.order.details.name, row.order.details.surname]
    .filter((v) => typeof v === 'string' && v.trim())
    .join(' ');
  const data: InvoicePdfData = {
    issuer: {
      name: business.name,
      cuit: `${settings.cuit.slice(0, 2)}-${settings.cuit.slice(2, 10)}-${settings.cuit.slice(10)}`,
      address: business.address,
      ivaCondition: settings.ivaCondition,
    },
    buyer: {
      name: row.name ?? (guestName || row.order.payerEmail),
      email: row.order.payerEmail,
      document:
        doc.docType === 99
          ? 'Sin documento informado'
          : `${doc.docType === 96 ? 'DNI' : 'Documento'}: ${doc.docNumber}`,
      finalConsumer: (doc.receiverVatCondition ?? finalConsumerCondition) === finalConsumerCondition,
    },
    title: doc.kind === 'invoice' ? 'Factura' : 'Nota de Crédito',
    letter: voucherLetter(doc.voucherType),
    typeCode: doc.voucherType,
    pointOfSale: doc.pointOfSale,
    number: doc.number,
    issuedOn: doc.issuedOn,
    concept: doc.kind === 'invoice' ? conceptOf(row.order) : `Devolución: ${conceptOf(row.order)}`,
    amountCentavos: doc.amountCentavos,
    netCentavos: doc.netCentavos ?? doc.amountCentavos,
    vatCentavos: doc.vatCentavos ?? 0,
    cae: doc.cae,
    caeDueDate: doc.caeDueDate,
    associated,
    qrUrl: arcaQrUrl({
      ver: 1,
      fecha: doc.issuedOn,
      cuit: Number(settings.cuit),
      ptoVta: doc.pointOfSale,
      tipoCmp: doc.voucherType,
      nroCmp: doc.number,
      importe: doc.amountCentavos / 100,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: doc.docType,
      nroDocRec: Number(doc.docNumber),
      tipoCodAut: 'E',
      codAut: Number(doc.cae),
    }),
  };
  const pdf = await renderInvoicePdf(data);
  const kind = doc.kind === 'invoice' ? 'factura' : 'nota-de-credito';
  return {
    pdf,
    fileName: `${kind}-${voucherLetter(doc.voucherType)}-${voucherNumber(doc.pointOfSale, doc.number)}-${compactDate(doc.issuedOn)}.pdf`,
  };
}
