import type { validateAccountRequestSchema } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { findUserByEmail } from './users-repository';
import { consumeCode } from './verification-codes';

const invalidCode = () =>
  new AppError(
    'INVALID_VERIFICATION_CODE',
    400,
    'La validación de su cuenta ha fallado. Por favor, revise su email y compruebe que el correo recibido es el mas reciente.',
  );

/**
 * POST /users/validateAccount: the code mailed at registration (or by resend-confirmation-code.ts)
 * verifies her address. An unknown e-mail is just a failed validation.
 */
export async function validateAccount(
  app: FastifyInstance,
  { email, validationCode }: z.infer<typeof validateAccountRequestSchema>,
) {
  const user = await findUserByEmail(app.db, email);
  // An unknown e-mail is just a failed validation: nothing to learn about accounts here.
  if (!user) throw invalidCode();
  if (user.emailVerifiedAt) {
    throw new AppError(
      'USER_ALREADY_CONFIRMED',
      409,
      'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
    );
  }
  const valid = await app.db.transaction(async (tx) => {
    const ok = await consumeCode(tx, app.codeSecret, user.id, 'validate_account', validationCode);
    if (ok) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`now()`, interestsPending: true, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
    }
    return ok;
  });
  if (!valid) throw invalidCode();
  return { ok: true as const };
}
