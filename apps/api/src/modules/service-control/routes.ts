import { serviceControlSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getServiceControl } from './get-service-control';

/** The operator switches a screen reads, under /api/service-control (accounts spec §2 shell). */
export const serviceControlModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:name',
    {
      schema: {
        tags: ['service-control'],
        summary: 'Estado de un servicio',
        params: z.object({ name: z.string().regex(/^[A-Z_]{2,64}$/) }),
        querystring: z.object({ withoutToken: z.string().optional() }),
        response: { 200: serviceControlSchema },
      },
    },
    async (request) => getServiceControl(app.db, app.socialLogin, request.params.name),
  );
};
