import { guestCancellationRequestSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
import { layoutMail } from '../../providers/mail/mail-layout';
import { enqueueMail } from '../../providers/mail/outbox';
import { issueCode } from '../auth/verification-codes';
import { latestSubscriptionOrder } from './account-subscription';

/** Minutes a mailed code works (verification-codes.ts: cancel_subscription). */
export const guestCancellationCodeMinutes = 30;

const answer = {
  message:
    'Si ese correo tiene una suscripción con cobros con tarjeta, te enviamos un código para confirmar la baja. Revisá tu correo.',
};

/**
 * The account of `email` when it has a card subscription that a baja applies to: active (charges
 * to come) or already cancelled (the confirmation answers its código de gestión again).
 */
export async function cancellableSubscriber(app: FastifyInstance, email: string) {
  const [user] = await app.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return null;
  const order = await latestSubscriptionOrder(app.db, user.id);
  if (order?.status !== 'active' && order?.status !== 'cancelled') return null;
  return { user, order };
}

/**
 * Mails a 6-digit code to the subscription's e-mail. Nothing in the answer (status, body) depends
 * on whether the address has an account or a subscription, or on a code having been sent moments
 * ago: the per-account burst limit of issueCode is swallowed here.
 */
export async function requestGuestCancellation(app: FastifyInstance, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  const found = await cancellableSubscriber(app, email);
  if (!found) return answer;
  try {
    await app.db.transaction(async (tx) => {
      const code = await issueCode(tx, app.codeSecret, found.user.id, 'cancel_subscription');
      await enqueueMail(
        tx,
        layoutMail({
          to: found.user.email,
          subject: 'Tu código para confirmar la baja de tu suscripción',
          greeting: `Hola ${found.user.name}:`,
          paragraphs: [
            `Pediste la baja de tu suscripción al ${String(found.order.details.planName ?? 'plan')} desde el botón de baja.`,
            `Tu código de confirmación es: ${code}`,
            `Escribilo en la página del botón de baja para confirmarla. Vence en ${guestCancellationCodeMinutes} minutos.`,
            'Si no lo pediste vos, ignorá este correo: sin el código no se hace nada.',
          ],
        }),
      );
    });
  } catch (error) {
    if (error instanceof AppError && error.internalCode === 'TOO_MANY_REQUESTS') return answer;
    throw error;
  }
  app.mail.kick();
  return answer;
}

/** POST /subscription-cancellations/request {email}: the botón de baja's first step without a session. */
export const requestGuestCancellationRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscription-cancellations/request',
    {
      config: credentialLimit(app.config, 'cancellation-request', 5, 15, { perEmail: 5 }),
      schema: {
        tags: ['subscriptions'],
        summary: 'Pedir el código para dar de baja una suscripción sin iniciar sesión (botón de baja)',
        body: guestCancellationRequestSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => requestGuestCancellation(app, request.body.email),
  );
};
