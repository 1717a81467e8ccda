import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { findUserByEmail, findUserById, purchasesOf, toCurrentUser } from '../auth/users-repository';
import { consumeCode, issueCode } from '../auth/verification-codes';
import { emailChangeCodeMail, emailChangedNoticeMail } from './account-mails';

const emailTaken = () =>
  new AppError('EMAIL_ALREADY_EXISTS', 409, 'Ya existe una cuenta con este correo. Elegí otro.');
const sameEmail = () =>
  AppError.invalidData([{ path: 'body.email', message: 'Ese ya es el correo de tu cuenta.' }]);
const invalidCode = () =>
  new AppError(
    'INVALID_VERIFICATION_CODE',
    400,
    'El código no es válido o venció. Revisá el último correo que te enviamos o pedí uno nuevo.',
  );

async function activeUser(app: FastifyInstance, userId: string) {
  const user = await findUserById(app.db, userId);
  if (!user || user.deletedAt) throw AppError.unauthorized();
  return user;
}

/**
 * A new address is hers only once she proves it: a 6-digit code goes to the NEW address
 * (purpose change_email, bound to that address); nothing changes until she types it.
 */
export async function requestEmailChange(app: FastifyInstance, userId: string, email: string): Promise<void> {
  const user = await activeUser(app, userId);
  if (user.email === email) throw sameEmail();
  if (await findUserByEmail(app.db, email)) throw emailTaken();
  await app.db.transaction(async (tx) => {
    const code = await issueCode(tx, app.codeSecret, userId, 'change_email', email);
    await enqueueMail(tx, emailChangeCodeMail(email, user.name, code));
  });
  app.mail.kick();
}

/** The code switches the e-mail (now verified) and the OLD address gets a notice. */
export async function confirmEmailChange(app: FastifyInstance, userId: string, email: string, code: string) {
  const user = await activeUser(app, userId);
  try {
    const updated = await app.db.transaction(async (tx) => {
      if (!(await consumeCode(tx, app.codeSecret, userId, 'change_email', code, email))) return null;
      const [row] = await tx
        .update(users)
        .set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      if (row && user.email !== email)
        await enqueueMail(tx, emailChangedNoticeMail(user.email, user.name, email));
      return row ?? null;
    });
    if (!updated) throw invalidCode();
    app.mail.kick();
    return toCurrentUser(updated, await purchasesOf(app.db, userId));
  } catch (error) {
    // someone registered the address between the code and its use: the unique index decides
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
