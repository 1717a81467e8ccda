import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { issueCredentials } from './sessions';
import { findUserByEmail } from './users-repository';
import { consumeCode } from './verification-codes';

/**
 * GET /users/credentials?email&verification_code: a session from an e-mailed login link (the
 * entry parameters verification_code + email). The code is single use; using it proves the
 * address, so the account counts as verified.
 */
export async function restoreSession(app: FastifyInstance, email: string, code: string) {
  const user = await findUserByEmail(app.db, email);
  const credentials =
    user &&
    (await app.db.transaction(async (tx) => {
      if (!(await consumeCode(tx, app.codeSecret, user.id, 'login_link', code))) return null;
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`now()`, interestsPending: true })
        .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
      return issueCredentials(app, tx, user.id);
    }));
  if (!credentials) {
    throw new AppError('INVALID_VERIFICATION_CODE', 400, 'El enlace no es válido o venció. Iniciá sesión.');
  }
  return credentials;
}
