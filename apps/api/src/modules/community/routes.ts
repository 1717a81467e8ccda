import { communityAccessResponseSchema, communityResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { checkCommunityAccess } from './community-access';
import { getCommunityUrl } from './get-community-url';

/** The community page's calls, under /api/community (purchases spec §2 Community page). */
export const communityModule: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => checkCommunityAccess(app.db, requireUserId(request)),
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
    async (request) => getCommunityUrl(app.db, requireUserId(request)),
  );
};
