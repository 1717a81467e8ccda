import { academyHomeAnswersSchema, bootstrapResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { academyHomeLimit } from '../../plugins/read-limits';
import { answerAcademyHome, sendJsonText } from './academy-home';
import { getBootstrap } from './get-bootstrap';

/** A logged-in screen's first answers, under /api/users (issue 30; decisions 0170, 0230). */
export const bootstrapModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/academy-home',
    {
      schema: {
        tags: ['account'],
        summary:
          'Las primeras respuestas del inicio de la academia (sesión, cursos, programas, packs, filtros, progreso, eventos), en una',
        security: [{ bearerAuth: [] }],
        response: { 200: academyHomeAnswersSchema },
      },
    },
    async (request, reply) => {
      requireUserId(request);
      const { status, json } = await answerAcademyHome(app, request);
      if (status === 200) reply.header('cache-control', 'private, no-store');
      return sendJsonText(reply, status, json);
    },
  );

  app.get(
    '/me/bootstrap',
    {
      config: academyHomeLimit(app.config),
      schema: {
        tags: ['account'],
        summary:
          'Lo primero que necesita cada pantalla: usuaria, suscripción y su origen, flags y servicios, en una respuesta',
        security: [{ bearerAuth: [] }],
        response: { 200: bootstrapResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await getBootstrap(app, requireUserId(request));
      reply.header('cache-control', 'private, no-store');
      return answer;
    },
  );
};
