import {
  type GuestCancellationResponse,
  guestCancellationConfirmSchema,
  guestCancellationResponseSchema,
} from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
import { consumeCode } from '../auth/verification-codes';
import { cancelSubscription } from './cancel-subscription';
import { cancellableSubscriber, requestGuestCancellationRoute } from './request-guest-cancellation';

const invalidCode = () =>
  new AppError(
    'INVALID_VERIFICATION_CODE',
    400,
    'El código no es válido o venció. Revisá el último correo que te enviamos o pedí uno nuevo.',
  );

/**
 * The mailed code proves the subscription's e-mail is hers; then the baja runs as from Mi cuenta
 * (cancelled at the provider, access until the end of the period paid, the código de gestión
 * mailed at once). Every failure answers the same (no account, no subscription, wrong or expired
 * code); a wrong code counts against the live one, which dies after five.
 */
export async function confirmGuestCancellation(
  app: FastifyInstance,
  rawEmail: string,
  code: string,
): Promise<GuestCancellationResponse> {
  const email = rawEmail.trim().toLowerCase();
  const found = await cancellableSubscriber(app, email);
  if (!found) throw invalidCode();
  // outside a transaction on purpose: a wrong guess is counted even though the call fails
  if (!(await consumeCode(app.db, app.codeSecret, found.user.id, 'cancel_subscription', code)))
    throw invalidCode();
  const done = await cancelSubscription(app, found.user.id, {
    actor: `user:${found.user.id}`,
    reason: 'cancelled by her without a session (botón de baja, code mailed to her address)',
  });
  if (!done.cancellationCode) throw invalidCode();
  return {
    cancellationCode: done.cancellationCode,
    planName: done.plan?.name ?? null,
    accessUntil: done.status === 'cancelled' ? done.currentPeriodEnd : null,
  };
}

/** POST /subscription-cancellations/confirm {email, code} */
export const confirmGuestCancellationRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscription-cancellations/confirm',
    {
      config: credentialLimit(app.config, 'cancellation-confirm', 10, 15, { perEmail: 10 }),
      schema: {
        tags: ['subscriptions'],
        summary: 'Confirmar con el código del correo la baja de una suscripción (botón de baja)',
        body: guestCancellationConfirmSchema,
        response: { 200: guestCancellationResponseSchema },
      },
    },
    async (request) => confirmGuestCancellation(app, request.body.email, request.body.code),
  );
};

/** The botón de baja without a session, under /api. */
export const guestCancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(requestGuestCancellationRoute);
  await app.register(confirmGuestCancellationRoute);
};
