import { type confirmPasswordRequestSchema, isValidPassword } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { hashPassword } from './password-hashing';
import { revokeAllSessions } from './sessions';
import { findUserByEmail } from './users-repository';
import { consumeCode } from './verification-codes';

const invalidCode = () =>
  new AppError('INVALID_VERIFICATION_CODE', 400, 'El código no es válido o venció. Pedí uno nuevo.');

/**
 * POST /users/confirmPassword: the new password, with the code POST /users/forgotPassword mailed
 * (request-password-reset.ts). The code is spent, the password set and every session of hers
 * ended in one transaction.
 */
export async function resetPassword(
  app: FastifyInstance,
  { email, password, code }: z.infer<typeof confirmPasswordRequestSchema>,
) {
  if (!isValidPassword(password)) {
    throw new AppError('PASSWORD_NOT_VALID', 400, 'La contraseña no cumple los requisitos.');
  }
  const user = await findUserByEmail(app.db, email);
  if (!user) throw invalidCode();
  const passwordHash = await hashPassword(password);
  const done = await app.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, app.codeSecret, user.id, 'reset_password', code))) return false;
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
    return true;
  });
  if (!done) throw invalidCode();
  return { ok: true as const };
}
