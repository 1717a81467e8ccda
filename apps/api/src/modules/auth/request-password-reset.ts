import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { recoveryMail, validationMail } from './account-mails';
import { findUserByEmail } from './users-repository';
import { issueCode } from './verification-codes';

/**
 * POST /users/forgotPassword answers 200 { ok: true } for every well-formed address (issue 40: no
 * account enumeration): a validated account (social-only included) gets a reset code by mail, an
 * unvalidated one a fresh validation link instead, an unknown address nothing. A request inside
 * the code cooldown (verification-codes.ts) sends nothing and answers the same. Limited per
 * address and e-mail, and per e-mail from all addresses (mail bombing): the route's limits.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string) {
  const user = await findUserByEmail(app.db, email);
  if (user) {
    const sent = await app.db
      .transaction(async (tx) => {
        if (user.emailVerifiedAt) {
          const code = await issueCode(tx, app.codeSecret, user.id, 'reset_password');
          await enqueueMail(tx, recoveryMail(app.config.publicUrl, user.email, user.name, code));
        } else {
          const code = await issueCode(tx, app.codeSecret, user.id, 'validate_account');
          await enqueueMail(tx, validationMail(app.config.publicUrl, user.email, user.name, code));
        }
        return true;
      })
      .catch((error: unknown) => {
        // the cooldown's 429 would tell a known address from an unknown one: nothing is sent
        if (error instanceof AppError && error.statusCode === 429) return false;
        throw error;
      });
    if (sent) app.mail.kick();
  }
  return { ok: true as const };
}
