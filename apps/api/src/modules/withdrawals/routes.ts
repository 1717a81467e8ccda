import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmGuestWithdrawalRoute } from './confirm-guest-withdrawal';
import { createWithdrawalRoute } from './create-withdrawal';
import { requestGuestWithdrawalRoute } from './request-guest-withdrawal';

/**
 * The "botón de arrepentimiento" (Resolución 424/2020), under /api: from her account
 * (/users/me/withdrawals) or without a session, by e-mail, operation number and a mailed code
 * (/withdrawals/request, /withdrawals/confirm).
 */
export const withdrawalsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(createWithdrawalRoute);
  await app.register(requestGuestWithdrawalRoute);
  await app.register(confirmGuestWithdrawalRoute);
};
