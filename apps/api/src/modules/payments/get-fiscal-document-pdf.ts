import { fiscalDocumentIdParamsSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fiscalDocuments } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { contentDisposition } from '../../providers/storage/content-disposition';
import { renderFiscalDocument } from '../invoices/invoice-document-pdf';
import { findHerPayment } from './her-payments';
import { perUserLimit } from './payments-core';

const notFound = () => AppError.notFound('No encontramos esa factura.');

/**
 * GET /users/me/fiscal-documents/{id}/pdf: her invoice or credit note as a PDF, once ARCA
 * authorized it. Anyone else's, or one not issued yet, is 404 (it does not exist for them).
 */
export const fiscalDocumentPdfRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/fiscal-documents/:id/pdf',
    {
      config: perUserLimit(app.config, 'fiscal-document-pdf', 30, 15),
      schema: {
        tags: ['account'],
        summary: 'Factura o nota de crédito electrónica (PDF)',
        security: [{ bearerAuth: [] }],
        params: fiscalDocumentIdParamsSchema,
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const [doc] = await app.db
        .select()
        .from(fiscalDocuments)
        .where(eq(fiscalDocuments.id, Number(request.params.id)));
      if (doc?.status !== 'ISSUED') throw notFound();
      const hers = await findHerPayment(app.db, userId, doc.paymentId);
      if (!hers) throw notFound();
      const { pdf, fileName } = await renderFiscalDocument(app, doc);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
