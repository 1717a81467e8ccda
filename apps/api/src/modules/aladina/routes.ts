import { PassThrough } from 'node:stream';
import {
  askQuestionRequestSchema,
  classNoteListSchema,
  classNoteSchema,
  createClassNoteRequestSchema,
  listClassNotesQuerySchema,
  rateAnswerRequestSchema,
  updateClassNoteRequestSchema,
} from '@alcancia/contract/aladina';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/authentication';
import { createAnswerComposer } from '../../providers/answer-composer/answer-composer';
import { prepareAnswer, rateAnswer } from './ask-question';
import { createNote, deleteNote, listNotes, updateNote } from './class-notes';

/** Questions one account may ask a minute (decision 0321): a person types far fewer. */
export const questionsPerMinute = 10;

const idParams = z.object({ id: z.uuid() });

/**
 * Aladina (issue 42), under /api/aladina: questions answered as server-sent events, their rating,
 * and her notes inside the classes. Every route is hers: the user comes from the session.
 */
export const aladinaModule: FastifyPluginAsyncZod = async (app) => {
  const composer = createAnswerComposer(app.config);
  const limit = (name: string, max: number): { rateLimit?: RateLimitOptions } =>
    app.config.rateLimitEnabled
      ? {
          rateLimit: {
            max,
            timeWindow: 60_000,
            keyGenerator: (request: FastifyRequest) =>
              `${name}:${request.authUserId ? `account:${request.authUserId}` : `address:${request.ip}`}`,
          },
        }
      : {};

  app.post(
    '/questions',
    {
      schema: {
        tags: ['aladina'],
        summary: 'Preguntarle a Aladina (respuesta en eventos: meta, delta, done)',
        security: [{ bearerAuth: [] }],
        body: askQuestionRequestSchema,
      },
      config: limit('aladina-questions', questionsPerMinute),
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const prepared = await prepareAnswer(
        app.db,
        composer,
        { timeoutMs: app.config.aladina.timeoutMs },
        userId,
        request.body.question,
      );
      const stream = new PassThrough();
      const left = new AbortController();
      request.raw.once('close', () => left.abort());
      void (async () => {
        try {
          for await (const { event, data } of prepared.events(left.signal)) {
            stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
          }
        } catch (error) {
          request.log.error({ err: error }, 'aladina answer failed');
          stream.write(
            `event: done\ndata: ${JSON.stringify({ fallback: true, outcome: prepared.meta.outcome, notice: null })}\n\n`,
          );
        } finally {
          stream.end();
        }
      })();
      return reply
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .type('text/event-stream; charset=utf-8')
        .send(stream);
    },
  );

  app.post(
    '/questions/:id/rating',
    {
      schema: {
        tags: ['aladina'],
        summary: 'Valorar una respuesta (pulgar arriba o abajo)',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: rateAnswerRequestSchema,
      },
      config: limit('aladina-ratings', 60),
    },
    async (request, reply) => {
      await rateAnswer(app.db, requireUserId(request), request.params.id, request.body.rating);
      return reply.status(204).send();
    },
  );

  app.get(
    '/notes',
    {
      schema: {
        tags: ['aladina'],
        summary: 'Mis notas (de un curso, o todas; con búsqueda)',
        security: [{ bearerAuth: [] }],
        querystring: listClassNotesQuerySchema,
        response: { 200: classNoteListSchema },
      },
    },
    async (request) => ({ notes: await listNotes(app.db, requireUserId(request), request.query) }),
  );

  app.post(
    '/notes',
    {
      schema: {
        tags: ['aladina'],
        summary: 'Guardar una nota en el momento de una clase',
        security: [{ bearerAuth: [] }],
        body: createClassNoteRequestSchema,
        response: { 201: classNoteSchema },
      },
      config: limit('aladina-notes', 60),
    },
    async (request, reply) =>
      reply.status(201).send(await createNote(app.db, requireUserId(request), request.body)),
  );

  app.patch(
    '/notes/:id',
    {
      schema: {
        tags: ['aladina'],
        summary: 'Editar una nota',
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: updateClassNoteRequestSchema,
        response: { 200: classNoteSchema },
      },
      config: limit('aladina-notes', 60),
    },
    async (request) => updateNote(app.db, requireUserId(request), request.params.id, request.body.body),
  );

  app.delete(
    '/notes/:id',
    {
      schema: {
        tags: ['aladina'],
        summary: 'Borrar una nota',
        security: [{ bearerAuth: [] }],
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteNote(app.db, requireUserId(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
