import type { loginRequestSchema } from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { signMfaChallenge } from './mfa-challenge';
import { isEnrolledOperator } from './operator-totp';
import { decoyHash, verifyPassword } from './password-hashing';
import { issueCredentials } from './sessions';
import { findUserByEmail } from './users-repository';

/**
 * POST /users/login. Unknown e-mail and wrong password answer the same, after the same work.
 * Unverified accounts log in: the shell shows the verification banner, then the blocking modal
 * after 3 days (see docs/decisions/). An operator with a second factor gets `{ mfaRequired,
 * mfaToken }` instead, for POST /users/login/mfa (issue 18).
 */
export async function login(app: FastifyInstance, { email, password }: z.infer<typeof loginRequestSchema>) {
  const user = await findUserByEmail(app.db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user?.passwordHash || !valid) {
    throw new AppError('INVALID_CREDENTIALS', 401, 'Los datos son incorrectos. Intenta nuevamente.');
  }
  if (isEnrolledOperator(user)) {
    return { mfaRequired: true as const, mfaToken: await signMfaChallenge(app.config, user.id) };
  }
  return issueCredentials(app, app.db, user.id);
}
