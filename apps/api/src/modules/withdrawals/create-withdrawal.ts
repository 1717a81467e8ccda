import { createWithdrawalRequestSchema, withdrawalResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withPersonLock } from '../../db/person-lock';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { findHerPayment } from '../payments/her-payments';
import { perUserLimit } from '../payments/payments-core';
import { withdrawPayment } from './withdraw-payment';

/** POST /users/me/withdrawals {paymentId}: she revokes a purchase of hers from Mi cuenta or /arrepentimiento. */
export const createWithdrawalRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/me/withdrawals',
    {
      config: perUserLimit(app.config, 'withdrawal', 10, 15),
      schema: {
        tags: ['account'],
        summary: 'Arrepentirme de una compra (Resolución 424/2020): devolución completa y fin del acceso',
        security: [{ bearerAuth: [] }],
        body: createWithdrawalRequestSchema,
        response: { 200: withdrawalResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      // One money write of hers at a time (decision 0270): the payment is read under it.
      return withPersonLock(app.database, userId, async () => {
        const row = await findHerPayment(app.db, userId, Number(request.body.paymentId));
        if (!row) throw AppError.notFound('No encontramos ese pago entre tus compras.');
        return withdrawPayment(app, row, { channel: 'account', actor: `user:${userId}` });
      });
    },
  );
};
