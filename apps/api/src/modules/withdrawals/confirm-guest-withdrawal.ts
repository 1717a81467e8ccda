import { guestWithdrawalConfirmSchema, withdrawalResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
import { findPaymentByOperation } from '../payments/her-payments';
import { accountWithEmail } from '../payments/payment-person';
import { consumeWithdrawalCode } from './guest-withdrawal-codes';
import { withdrawPayment } from './withdraw-payment';

const invalidCode = () =>
  new AppError(
    'INVALID_VERIFICATION_CODE',
    400,
    'El código no es válido o venció. Revisá el último correo que te enviamos o pedí uno nuevo.',
  );

/**
 * POST /withdrawals/confirm {email, providerPaymentId, code}: the mailed code proves the purchase's
 * e-mail is hers; then the withdrawal runs as from Mi cuenta (same rules, same single refund).
 */
export const confirmGuestWithdrawalRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/withdrawals/confirm',
    {
      config: credentialLimit(app.config, 'withdrawal-confirm', 10, 15, { perEmail: 10 }),
      schema: {
        tags: ['withdrawals'],
        summary: 'Confirmar con el código del correo el arrepentimiento de una compra',
        body: guestWithdrawalConfirmSchema,
        response: { 200: withdrawalResponseSchema },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const row = await findPaymentByOperation(app.db, request.body.providerPaymentId, email);
      if (!row) throw invalidCode();
      if (!(await consumeWithdrawalCode(app.db, app.codeSecret, row.payment.id, email, request.body.code)))
        throw invalidCode();
      // One money write of hers at a time (decision 0270): the payment is read again under it.
      const person = row.order.userId ?? (await accountWithEmail(app.db, email));
      const withdraw = async () => {
        const current = (await findPaymentByOperation(app.db, request.body.providerPaymentId, email)) ?? row;
        return withdrawPayment(app, current, { channel: 'guest', actor: 'system' });
      };
      return person ? withPersonLock(app.database, person, withdraw) : withdraw();
    },
  );
};
