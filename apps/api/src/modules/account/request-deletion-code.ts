import { okResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { enqueueMail } from '../../providers/mail/outbox';
import { findUserById } from '../auth/users-repository';
import { issueCode } from '../auth/verification-codes';
import { perUserLimit } from '../payments/payments-core';
import { deletionCodeMail } from './account-mails';

export const passwordRequired = () =>
  new AppError(
    'PASSWORD_REQUIRED',
    409,
    'Tu cuenta tiene contraseña: escribila para confirmar que querés eliminarla.',
  );

/**
 * POST /users/me/deletion-code: an account without a password (social login) proves it is her
 * with a code mailed to her address (purpose delete_account). Accounts with a password use it.
 */
export const requestDeletionCodeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/deletion-code',
    {
      schema: {
        tags: ['account'],
        summary: 'Pedir un código por correo para eliminar una cuenta sin contraseña',
        description: '409 PASSWORD_REQUIRED cuando la cuenta tiene contraseña.',
        security: [{ bearerAuth: [] }],
        response: { 200: okResponseSchema },
      },
      config: perUserLimit(app.config, 'deletion-code', 5, 15),
    },
    async (request) => {
      const user = await findUserById(app.db, requireUserId(request));
      if (!user || user.deletedAt) throw AppError.unauthorized();
      if (user.passwordHash) throw passwordRequired();
      await app.db.transaction(async (tx) => {
        const code = await issueCode(tx, app.codeSecret, user.id, 'delete_account');
        await enqueueMail(tx, deletionCodeMail(user.email, user.name, code));
      });
      app.mail.kick();
      return { ok: true as const };
    },
  );
};
