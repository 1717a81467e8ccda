import { guestWithdrawalRequestSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialLimit } from '../../plugins/rate-limit';
import { enqueueMail } from '../../providers/mail/outbox';
import { conceptOf } from '../invoices/order-concept';
import { findPaymentByOperation } from '../payments/her-payments';
import { codeLifetimeMinutes, issueWithdrawalCode } from './guest-withdrawal-codes';
import { withdrawalCodeMail } from './withdrawal-mails';

const answer = {
  message:
    'Si el número de operación corresponde a una compra hecha con ese correo, te enviamos un código para confirmar el arrepentimiento. Revisá tu correo.',
};

/**
 * POST /withdrawals/request {email, providerPaymentId}: a guest (or anyone, without a session)
 * asks to revoke a purchase. A code goes to the purchase's e-mail when the operation number was
 * approved and paid with that e-mail. The answer is always the same, so it tells nobody whether a
 * purchase exists.
 */
export const requestGuestWithdrawalRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/withdrawals/request',
    {
      config: credentialLimit(app.config, 'withdrawal-request', 5, 15, { perEmail: 5 }),
      schema: {
        tags: ['withdrawals'],
        summary: 'Pedir el código para arrepentirse de una compra sin iniciar sesión',
        body: guestWithdrawalRequestSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const row = await findPaymentByOperation(app.db, request.body.providerPaymentId, email);
      if (!row?.payment.approvedAt || row.revocationCode) return answer;
      const mailed = await app.db.transaction(async (tx) => {
        const code = await issueWithdrawalCode(tx, app.codeSecret, row.payment.id, email);
        if (!code) return false;
        await enqueueMail(
          tx,
          withdrawalCodeMail({
            to: email,
            code,
            concept: conceptOf(row.order),
            providerPaymentId: row.payment.providerPaymentId,
            minutes: codeLifetimeMinutes,
          }),
        );
        return true;
      });
      if (mailed) app.mail.kick();
      return answer;
    },
  );
};
