import { certificateParamsSchema, certificateSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { certificates } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * GET /certificates/{id} — anonymous verification of a certificate id (an employer checking a
 * printed certificate). Ids are 60 random bits, so they cannot be enumerated.
 */
export const lookupCertificateRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/certificates/:id',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Verificar un certificado por su código',
        params: certificateParamsSchema,
        response: { 200: certificateSchema },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({
          id: certificates.id,
          learnerName: certificates.learnerName,
          courseName: certificates.courseName,
          completedOn: certificates.completedOn,
        })
        .from(certificates)
        .where(eq(certificates.id, request.params.id));
      if (!row) throw AppError.notFound('No encontramos un certificado con ese código.');
      return row;
    },
  );
};
