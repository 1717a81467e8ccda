import { eventListResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { academyHomeLimit } from '../../plugins/read-limits';
import { catalogPage, toEventCard } from './catalog-rows';
import { loadViewer } from './viewer';

/** GET /academy/events — the past-event series (the spec's four fixed event courses). */
export const listEventsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: academyHomeLimit(app.config),
      schema: {
        tags: ['academy'],
        summary: 'Eventos pasados',
        security: [{ bearerAuth: [] }],
        response: { 200: eventListResponseSchema },
      },
    },
    async (request) => {
      const viewer = await loadViewer(app.db, requireUserId(request));
      const { rows } = await catalogPage(app.db, ['EVENT'], { page: 1, pageSize: 20 }, viewer);
      return { items: rows.map((r) => toEventCard(r, viewer)) };
    },
  );
};
