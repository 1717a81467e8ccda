import { isValidPassword, normalizePhone, type registerRequestSchema } from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { validationMail } from './account-mails';
import { hashPassword } from './password-hashing';
import { findUserByEmail } from './users-repository';
import { issueCode } from './verification-codes';

const emailTaken = () =>
  new AppError('EMAIL_ALREADY_EXISTS', 409, 'Ya existe una cuenta con este correo. Iniciá sesión.');

/**
 * POST /users/register: a new account (organic), its validation code mailed in the same
 * transaction. An e-mail already taken is refused, also when two registrations race.
 */
export async function registerUser(
  app: FastifyInstance,
  input: z.infer<typeof registerRequestSchema>,
): Promise<string> {
  if (!isValidPassword(input.password)) {
    throw new AppError('PASSWORD_NOT_VALID', 400, 'La contraseña no cumple los requisitos.');
  }
  const telephone = normalizePhone(input.country, input.telephone);
  if (!telephone) {
    throw AppError.invalidData([
      { path: 'body.telephone', message: 'El teléfono solo puede tener números.' },
    ]);
  }
  if (await findUserByEmail(app.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await app.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          passwordHash,
          countryCode: input.country,
          telephone,
          origin: 'organic',
        })
        .returning({ id: users.id });
      if (!user) throw new Error('insert returned nothing');
      const code = await issueCode(tx, app.codeSecret, user.id, 'validate_account');
      await enqueueMail(tx, validationMail(app.config.publicUrl, input.email, input.name, code));
      return user.id;
    });
    app.mail.kick();
    return userId;
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
