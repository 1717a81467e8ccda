import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { findUserById } from '../auth/users-repository';
import { issueCode } from '../auth/verification-codes';
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
export async function requestDeletionCode(app: FastifyInstance, userId: string) {
  const user = await findUserById(app.db, userId);
  if (!user || user.deletedAt) throw AppError.unauthorized();
  if (user.passwordHash) throw passwordRequired();
  await app.db.transaction(async (tx) => {
    const code = await issueCode(tx, app.codeSecret, user.id, 'delete_account');
    await enqueueMail(tx, deletionCodeMail(user.email, user.name, code));
  });
  app.mail.kick();
  return { ok: true as const };
}
