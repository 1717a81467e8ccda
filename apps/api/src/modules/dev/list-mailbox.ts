import { devMailboxQuerySchema, devMailboxResponseSchema } from '@alcancia/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { devMailbox } from '../../db/schema';

export async function listMailbox(db: Database, to: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** GET /api/dev/mailbox?to= — captured mail, newest first (development and tests only). */
export const listMailboxRoute: FastifyPluginAsyncZod = async (app) => {
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
