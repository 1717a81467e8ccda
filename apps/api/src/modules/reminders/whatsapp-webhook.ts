import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reminderSends, reminderSettings } from '../../db/schema';
import { AppError } from '../../errors';
import { isStopWord } from './reminder-rules';
import { hasConsent, optOutTexts, recordOptOut } from './reminder-settings';

const statusRank: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

const webhookSchema = z.looseObject({
  object: z.string().optional(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string().optional(),
              value: z
                .looseObject({
                  statuses: z
                    .array(z.looseObject({ id: z.string().max(200), status: z.string().max(40) }))
                    .optional(),
                  messages: z
                    .array(
                      z.looseObject({
                        from: z.string().max(20),
                        type: z.string().max(40).optional(),
                        text: z.looseObject({ body: z.string().max(4096) }).optional(),
                        button: z.looseObject({ text: z.string().max(200).optional() }).optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

/** A message's status as Meta reports it: it only moves forward (sent → delivered → read). */
async function recordStatus(app: FastifyInstance, messageId: string, status: string) {
  const rank = statusRank[status];
  if (!rank) return;
  await app.db
    .update(reminderSends)
    .set({ deliveryStatus: status })
    .where(
      and(
        eq(reminderSends.providerMessageId, messageId),
        sql`coalesce(case ${reminderSends.deliveryStatus} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 end, 0) < ${rank}`,
      ),
    );
}

/**
 * She answered "BAJA" (any case, accents, punctuation): WhatsApp reminders stop for every account
 * with that confirmed number, each with an opt-out recorded; she gets one line back saying so
 * (free-form text is allowed: she just wrote).
 */
async function stopByAnswer(app: FastifyInstance, from: string): Promise<number> {
  const phone = `+${from.replace(/\D/g, '')}`;
  const stopped = await app.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(reminderSettings)
      .where(and(eq(reminderSettings.whatsappPhone, phone), eq(reminderSettings.channel, 'whatsapp')))
      .for('update');
    let count = 0;
    for (const row of rows) {
      if (await hasConsent(tx, row.userId, 'whatsapp')) {
        await recordOptOut(tx, row.userId, 'whatsapp', optOutTexts.baja, 'whatsapp', phone);
        count++;
      }
      await tx
        .update(reminderSettings)
        .set({ channel: null, updatedAt: sql`now()` })
        .where(eq(reminderSettings.userId, row.userId));
    }
    return count;
  });
  if (stopped > 0) {
    await app.reminders.whatsapp
      .sendText(
        phone,
        'Listo: no vas a recibir más recordatorios de Alcancía por WhatsApp. Podés volver a activarlos desde Mi cuenta.',
      )
      .catch((error: unknown) => app.log.warn({ err: error }, 'WhatsApp opt-out confirmation not sent'));
  }
  return stopped;
}

/**
 * GET and POST /api/reminders/whatsapp/webhook: Meta's subscription check (hub.verify_token) and
 * its notifications. The body is verified exactly as received against X-Hub-Signature-256 (401
 * INVALID_SIGNATURE otherwise) before it is read; statuses update the reminder they are about,
 * inbound "BAJA" stops WhatsApp reminders. Replays converge (statuses only move forward; a second
 * BAJA finds nothing left to stop).
 */
export const whatsAppWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, text, done) => done(null, text),
  );

  app.get(
    '/reminders/whatsapp/webhook',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Verificación de la suscripción del webhook de WhatsApp (Meta)',
        querystring: z.looseObject({
          'hub.mode': z.string().max(40).optional(),
          'hub.verify_token': z.string().max(200).optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query['hub.mode'] !== 'subscribe' || !app.reminders.whatsapp.verifyToken(query['hub.verify_token']))
        throw AppError.of('FORBIDDEN', 'El token de verificación no es válido.');
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/reminders/whatsapp/webhook',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Notificaciones firmadas de WhatsApp: estados de mensajes y mensajes recibidos',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['x-hub-signature-256'];
      if (!app.reminders.whatsapp.verifySignature(rawBody, Array.isArray(header) ? header[0] : header)) {
        request.log.warn('WhatsApp webhook with a bad signature refused');
        throw AppError.of('INVALID_SIGNATURE', 'La firma de la notificación no es válida.');
      }
      let body: z.infer<typeof webhookSchema>;
      try {
        body = webhookSchema.parse(JSON.parse(rawBody));
      } catch {
        throw AppError.of('BAD_REQUEST', 'La notificación no se puede leer.');
      }
      for (const entry of body.entry) {
        for (const change of entry.changes) {
          for (const status of change.value?.statuses ?? [])
            await recordStatus(app, status.id, status.status);
          for (const message of change.value?.messages ?? []) {
            const text = message.text?.body ?? message.button?.text ?? '';
            if (isStopWord(text)) await stopByAnswer(app, message.from);
          }
        }
      }
      return { received: true as const };
    },
  );
};
