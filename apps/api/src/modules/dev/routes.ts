import { devMailboxQuerySchema, devMailboxResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMailbox } from './list-mailbox';
import { renderMailboxPage } from './mailbox-page';

/** /api/dev/* — registered only when config.devToolsEnabled (never in production). */
export const devModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Correo capturado (solo desarrollo)',
        querystring: devMailboxQuerySchema,
        response: { 200: devMailboxResponseSchema },
      },
    },
    async (request) => {
      // Mail queued a moment ago may still be in the outbox: deliver it before reading.
      await app.mail.flush();
      return listMailbox(app.db, request.query.to, request.query.limit);
    },
  );
};

/** /dev/correo, outside /api — also only when config.devToolsEnabled. */
export const mailboxPageRoute: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { to?: string } }>(
    '/dev/correo',
    { schema: { hide: true } },
    async (request, reply) => {
      await app.mail.flush();
      const page = await renderMailboxPage(app.db, request.query);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    },
  );
};
