import { credentialsSchema, refreshTokenRequestSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { credentialLimit } from '../../plugins/rate-limit';
import { revokeFamilyOf, rotateRefreshToken } from './sessions';

/** POST /users/refreshToken rotates the refresh token; POST /users/logout ends its session. */
export const refreshTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refreshToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renovar la sesión',
        body: refreshTokenRequestSchema,
        response: { 200: credentialsSchema },
      },
      config: credentialLimit(app.config, 'refresh', 30, 1),
    },
    async (request) => rotateRefreshToken(app, request.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      schema: { tags: ['auth'], summary: 'Cerrar la sesión', body: refreshTokenRequestSchema },
    },
    async (request, reply) => {
      await revokeFamilyOf(app.db, request.body.refreshToken);
      return reply.status(204).send();
    },
  );
};
