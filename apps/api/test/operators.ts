import type { Credentials } from '@alcancia/contract';
import type { OperatorRole } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { users } from '../src/db/schema';
import { newTotpSecret } from '../src/modules/auth/operator-totp';
import { hashPassword } from '../src/modules/auth/password-hashing';
import { replaceRecoveryCodes } from '../src/modules/auth/recovery-codes';
import { secretBoxFor } from '../src/modules/auth/totp-secrets';
import { goodPassword, uniqueEmail } from './accounts';

/** An operator account made for a test: her e-mail, TOTP secret and recovery codes. */
export interface TestOperator {
  userId: string;
  email: string;
  role: OperatorRole;
  secret: string;
  recoveryCodes: string[];
}

/** A fresh operator of `role` (own secret: her logins never collide with another's time step). */
export async function createTestOperator(app: FastifyInstance, role: OperatorRole): Promise<TestOperator> {
  const email = uniqueEmail(`op-${role}`);
  const secret = newTotpSecret();
  const [row] = await app.db
    .insert(users)
    .values({
      email,
      name: `Operadora ${role}`,
      passwordHash: await hashPassword(goodPassword),
      emailVerifiedAt: new Date(),
      countryCode: 'AR',
      role,
      totpSecret: secretBoxFor(app.config).seal(secret),
      totpEnabledAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('operator not inserted');
  const recoveryCodes = await replaceRecoveryCodes(app.db, app.config, row.id);
  return { userId: row.id, email, role, secret, recoveryCodes };
}

/** The code her app shows now (or at `epoch`, seconds). */
export const totpCode = (secret: string, epoch?: number) =>
  generate({ secret, ...(epoch !== undefined ? { epoch } : {}) });

/**
 * Logs an operator in on the real path: password, then the code. Forgets her last used time step
 * first, so a test may log the same operator in twice within 30 seconds.
 */
export async function operatorLogin(
  app: FastifyInstance,
  operator: Pick<TestOperator, 'userId' | 'email' | 'secret'>,
  password = goodPassword,
): Promise<Credentials> {
  await app.db.update(users).set({ totpLastStep: sql`null` }).where(eq(users.id, operator.userId));
  const first = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: operator.email, password },
  });
  const challenge = first.json() as { mfaRequired?: boolean; mfaToken?: string };
  if (first.statusCode !== 200 || !challenge.mfaToken) throw new Error(`login: ${first.body}`);
  const second = await app.inject({
    method: 'POST',
    url: '/api/users/login/mfa',
    payload: { mfaToken: challenge.mfaToken, code: await totpCode(operator.secret) },
  });
  if (second.statusCode !== 200) throw new Error(`login/mfa: ${second.body}`);
  return second.json() as Credentials;
}

/** A logged-in operator of `role` and her Authorization header. */
export async function operatorSession(app: FastifyInstance, role: OperatorRole) {
  const operator = await createTestOperator(app, role);
  const credentials = await operatorLogin(app, operator);
  return { operator, credentials, headers: { authorization: `Bearer ${credentials.accessToken}` } };
}
