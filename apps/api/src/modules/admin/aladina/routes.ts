import { adminAladinaReportSchema } from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aladinaReport } from './aladina-report';

/** Aladina's questions for the content team (web: features/admin/aladina; permission `content`). */
export const adminAladinaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/aladina',
    {
      schema: {
        tags: ['admin'],
        summary: 'Aladina: preguntas (sin nombres), sin respuesta y con pulgar abajo',
        security: [{ bearerAuth: [] }],
        response: { 200: adminAladinaReportSchema },
      },
      config: { permission: 'content' },
    },
    async () => aladinaReport(app.db),
  );
};
