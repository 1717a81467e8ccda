import { certificateParamsSchema, certificateQuerySchema, certificateSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { contentDisposition } from '../../providers/storage/content-disposition';
import { certificateImages, getCertificate } from './get-certificate';
import { lookupCertificate } from './lookup-certificate';

/** Certificates, under /api: the PNG download and the anonymous verification by id. */
export const certificatesModule: FastifyPluginAsyncZod = async (app) => {
  const imageOf = certificateImages(app.config.publicUrl);

  app.get(
    '/academy/certificate',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Certificado del curso (imagen PNG)',
        security: [{ bearerAuth: [] }],
        querystring: certificateQuerySchema,
      },
    },
    async (request, reply) => {
      const { certificate, png } = await getCertificate(
        app.db,
        imageOf,
        requireUserId(request),
        request.query,
      );
      return (
        reply
          .type('image/png')
          .header(
            'content-disposition',
            contentDisposition('attachment', `${certificate.courseName}_certificado.png`),
          )
          .header('cache-control', 'private, no-cache')
          // the code printed on it, for the app to show or link to its verification page
          .header('x-certificate-id', certificate.id)
          .send(png)
      );
    },
  );

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
    async (request) => lookupCertificate(app.db, request.params.id),
  );
};
