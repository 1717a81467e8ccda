import { communityAccessResponseSchema, communityResponseSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceControls } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { hasPrivateService, loadViewer, type Viewer } from '../academy/viewer';

/**
 * Community access (purchases spec §4, decision 47): an active subscription of any plan, or
 * private-community access. A plan's COMMUNITY service can only add to that, never take it away.
 */
export function hasCommunityAccess(viewer: Viewer): boolean {
  return viewer.privateCommunityAccess || viewer.subscribed || hasPrivateService(viewer, 'COMMUNITY');
}

/**
 * GET /community/check-access → { withAccess }; GET /community → { url } of the embedded
 * community (the COMMUNITY service control's resource), only for members while it is enabled.
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/check-access',
    {
      schema: {
        tags: ['community'],
        summary: '¿Puede entrar a la comunidad?',
        security: [{ bearerAuth: [] }],
        response: { 200: communityAccessResponseSchema },
      },
    },
    async (request) => ({ withAccess: hasCommunityAccess(await loadViewer(app.db, requireUserId(request))) }),
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['community'],
        summary: 'Dirección de la comunidad',
        security: [{ bearerAuth: [] }],
        response: { 200: communityResponseSchema },
      },
    },
    async (request) => {
      const viewer = await loadViewer(app.db, requireUserId(request));
      const [control] = await app.db
        .select()
        .from(serviceControls)
        .where(eq(serviceControls.name, 'COMMUNITY'));
      if (!control?.enabled || !control.resource) throw AppError.notFound('La comunidad no está disponible.');
      if (!hasCommunityAccess(viewer)) {
        throw new AppError(
          'COMMUNITY_ACCESS_REQUIRED',
          403,
          'La comunidad es para suscriptoras con acceso a la comunidad.',
        );
      }
      return { url: control.resource };
    },
  );
};
