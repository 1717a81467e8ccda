import { saveProgressOnCloseRequestSchema, saveProgressResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { credentialLimit } from '../../plugins/rate-limit';
import { invalidRefreshToken, userOfLiveSession } from '../auth/sessions';
import { recordProgress } from './save-progress';

/**
 * POST /academy/progress/on-close — the last save of a closing page whose access token expired
 * (the page cannot refresh any more: nothing is awaited while it unloads). The session's current
 * refresh token stands in for the access token, for this one write, without being rotated; a
 * logged-out, rotated or expired session is a 401 like any other. A credential use: rate-limited.
 */
export const saveProgressOnCloseRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/progress/on-close',
    {
      schema: {
        tags: ['academy'],
        summary: 'Guardar el progreso al cerrar la página (sesión vigente)',
        body: saveProgressOnCloseRequestSchema,
        response: { 200: saveProgressResponseSchema },
      },
      config: credentialLimit(app.config, 'progress-on-close', 30, 1),
    },
    async (request) => {
      const { refreshToken, ...write } = request.body;
      const userId = await userOfLiveSession(app.db, refreshToken);
      if (!userId) throw invalidRefreshToken();
      return recordProgress(app, userId, write);
    },
  );
};
