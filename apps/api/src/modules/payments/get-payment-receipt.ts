import { paymentIdParamsSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { contentDisposition } from '../../providers/storage/content-disposition';
import { conceptOf } from '../invoices/order-concept';
import { findHerPayment } from './her-payments';
import { paidTermsOf, refundedToBuyer } from './paid-terms';
import { perUserLimit } from './payments-core';
import { paymentMethodLabel, renderReceiptPdf } from './receipt-pdf';

const noReceipt = () => AppError.notFound('No encontramos un comprobante para ese pago.');

/** The buyer as the receipt names her: her account, or the guest checkout's name. */
function buyerName(accountName: string | undefined, details: Record<string, unknown>, email: string) {
  if (accountName) return accountName;
  const guest = [details.name, details.surname].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  return guest || email;
}

/**
 * GET /users/me/payments/{id}/receipt: the receipt of an approved payment of hers as a PDF
 * (business, buyer, concept, amount, date, installments, payment method, operation number,
 * refunds). Another person's payment, or one never approved, is 404.
 */
export const getPaymentReceiptRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/payments/:id/receipt',
    {
      // each one renders a PDF: a generous budget per person, not an open tap
      config: perUserLimit(app.config, 'payment-receipt', 30, 15),
      schema: {
        tags: ['account'],
        summary: 'Comprobante de un pago aprobado (PDF)',
        security: [{ bearerAuth: [] }],
        params: paymentIdParamsSchema,
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const row = await findHerPayment(app.db, userId, Number(request.params.id));
      const approvedAt = row?.payment.approvedAt;
      if (!row || !approvedAt) throw noReceipt();
      const { payment, order } = row;
      const terms = paidTermsOf(payment);
      const [account] = order.userId
        ? await app.db.select({ name: users.name }).from(users).where(eq(users.id, order.userId))
        : [];
      const pdf = await renderReceiptPdf({
        business: app.config.business,
        buyer: { name: buyerName(account?.name, order.details, order.payerEmail), email: order.payerEmail },
        concept: conceptOf(order),
        terms,
        currency: payment.currency,
        approvedAt,
        paymentMethod: paymentMethodLabel(payment.paymentMethod, payment.cardLastFour),
        providerPaymentId: payment.providerPaymentId,
        refundedCentavos: refundedToBuyer(terms, payment.refundedCentavos),
        refundNote: row.revocationCode ? `Arrepentimiento de la compra (código ${row.revocationCode})` : null,
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition('attachment', `comprobante-${payment.providerPaymentId}.pdf`),
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
