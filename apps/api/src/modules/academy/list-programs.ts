import {
  catalogQuerySchema,
  programListResponseSchema,
  programQuickListResponseSchema,
} from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { academyHomeLimit } from '../../plugins/read-limits';
import { catalogPage, toProgramCard } from './catalog-rows';
import { quickListSize } from './list-courses';
import { sendSerialized, viewerVariant } from './serialized-response';
import { loadViewer, type Viewer } from './viewer';

/**
 * The cached answer's variant: access, plus whether she subscribes, which decides
 * `onlyForSubscribers` (issue 30).
 */
const programVariant = (rows: Parameters<typeof viewerVariant>[0], viewer: Viewer) =>
  `${viewerVariant(rows, viewer)}${viewer.subscribed ? '.s' : ''}`;

/**
 * GET /academy/v2/programs[/quick] (programs) and /academy/packs[/quick] (packs): the same cards,
 * with price, discount and the sale-window state computed on the server at the Argentina date.
 */
export const listProgramsRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = [
    { path: '/v2/programs', kind: 'PROGRAM' as const, summary: 'Programas' },
    { path: '/packs', kind: 'PACK' as const, summary: 'Packs' },
  ];
  for (const list of lists) {
    app.get(
      list.path,
      {
        schema: {
          tags: ['academy'],
          summary: `${list.summary}, con filtros`,
          security: [{ bearerAuth: [] }],
          querystring: catalogQuerySchema,
          response: { 200: programListResponseSchema },
        },
      },
      async (request, reply) => {
        const viewer = await loadViewer(app.db, requireUserId(request));
        const { page, pageSize } = request.query;
        const { rows, total } = await catalogPage(app.db, [list.kind], request.query, viewer);
        return sendSerialized(reply, rows, programVariant(rows, viewer), () => ({
          items: rows.map((r) => toProgramCard(r, viewer)),
          page,
          pageSize,
          total,
        }));
      },
    );

    app.get(
      `${list.path}/quick`,
      {
        config: academyHomeLimit(app.config),
        schema: {
          tags: ['academy'],
          summary: `Primeros ${list.summary.toLowerCase()}`,
          security: [{ bearerAuth: [] }],
          querystring: catalogQuerySchema.omit({ page: true, pageSize: true }),
          response: { 200: programQuickListResponseSchema },
        },
      },
      async (request, reply) => {
        const viewer = await loadViewer(app.db, requireUserId(request));
        const { rows } = await catalogPage(
          app.db,
          [list.kind],
          { ...request.query, page: 1, pageSize: quickListSize },
          viewer,
        );
        return sendSerialized(reply, rows, programVariant(rows, viewer), () => ({
          items: rows.map((r) => toProgramCard(r, viewer)),
        }));
      },
    );
  }
};
