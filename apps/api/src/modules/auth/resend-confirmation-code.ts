import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { validationMail } from './account-mails';
import { findUserByEmail } from './users-repository';
import { issueCode } from './verification-codes';

/** POST /users/resendConfirmationCode: a fresh validation code by mail, for an unverified account. */
export async function resendConfirmationCode(app: FastifyInstance, email: string) {
  const user = await findUserByEmail(app.db, email);
  if (!user) throw new AppError('EMAIL_NOT_FOUND', 404, 'No encontramos una cuenta con ese correo.');
  if (user.emailVerifiedAt) {
    throw new AppError('EMAIL_ALREADY_VERIFIED', 409, 'Tu correo ya está validado. Podés iniciar sesión.');
  }
  await app.db.transaction(async (tx) => {
    const code = await issueCode(tx, app.codeSecret, user.id, 'validate_account');
    await enqueueMail(tx, validationMail(app.config.publicUrl, user.email, user.name, code));
  });
  app.mail.kick();
  return { ok: true as const };
}
