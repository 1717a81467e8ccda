import { eq, sql } from 'drizzle-orm';
import { fiscalDocuments, paymentOrders, payments, users } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { pesos, spanishDate } from '../../lib/spanish-format';
import { layoutMail } from '../../providers/mail/mail-layout';
import { enqueueMail } from '../../providers/mail/outbox';
import { voucherLabels, voucherNumber } from './invoice-rules';
import { conceptOf } from './order-concept';

type Issued = typeof fiscalDocuments.$inferSelect;

/**
 * The buyer's mail once ARCA authorized her invoice or credit note: sent after the purchase
 * confirmation (the CAE comes a moment later), from the transaction that stores the CAE, so it
 * goes once. It carries the PDF (when it could be drawn), which Mi cuenta also lists.
 */
export async function enqueueFiscalDocumentMail(
  tx: Db,
  publicUrl: string,
  doc: Issued,
  pdf: { pdf: Buffer; fileName: string } | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ order: paymentOrders, name: users.name })
    .from(payments)
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .leftJoin(users, eq(users.id, paymentOrders.userId))
    .where(eq(payments.id, doc.paymentId));
  if (!row || !doc.voucherType || !doc.pointOfSale || !doc.number || !doc.cae) return false;
  const label = voucherLabels[doc.voucherType] ?? 'Comprobante';
  const number = voucherNumber(doc.pointOfSale, doc.number);
  const concept = conceptOf(row.order);
  const invoice = doc.kind === 'invoice';
  const due = doc.caeDueDate ? ` (vence el ${spanishDate(doc.caeDueDate)})` : '';
  const mail = layoutMail({
    to: row.order.payerEmail,
    subject: invoice ? `Tu factura de ${concept}` : `Tu nota de crédito de ${concept}`,
    greeting: `Hola${row.name ? ` ${row.name}` : ''}:`,
    paragraphs: [
      invoice
        ? `Ya está tu ${label} N.º ${number} por ${pesos(doc.amountCentavos)}, autorizada por ARCA con el CAE ${doc.cae}${due}.`
        : `Ya está tu ${label} N.º ${number} por ${pesos(doc.amountCentavos)}, que anula lo que te devolvimos de tu compra. ARCA la autorizó con el CAE ${doc.cae}${due}.`,
      pdf
        ? 'Te la mandamos en PDF con este correo; también está en Mi cuenta, en Pagos, junto al comprobante de pago.'
        : 'Podés descargarla en PDF desde Mi cuenta, en Pagos, junto al comprobante de pago.',
    ],
    link: { href: `${publicUrl}/mi-cuenta/pagos`, label: 'Ver mis pagos' },
  });
  await enqueueMail(tx, {
    ...mail,
    attachments: pdf
      ? [
          {
            filename: pdf.fileName,
            contentType: 'application/pdf',
            contentBase64: pdf.pdf.toString('base64'),
          },
        ]
      : [],
  });
  await tx.update(fiscalDocuments).set({ mailedAt: sql`now()` }).where(eq(fiscalDocuments.id, doc.id));
  return true;
}
