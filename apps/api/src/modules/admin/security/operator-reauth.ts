import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../errors';
import { wrongPassword } from '../../account/change-password';
import { acceptTotp, claimTimeStep } from '../../auth/operator-totp';
import { verifyPassword } from '../../auth/password-hashing';
import { consumeRecoveryCode, looksLikeRecoveryCode } from '../../auth/recovery-codes';
import { secretBoxFor } from '../../auth/totp-secrets';
import { findUserById, type UserRow } from '../../auth/users-repository';

export const wrongCurrentCode = () =>
  new AppError(
    'INVALID_MFA_CODE',
    400,
    'El código no es correcto o ya se usó. Ingresá el que muestra ahora tu aplicación o uno de tus códigos de recuperación.',
  );

/** A code that is not the one her app shows now. */
export const wrongAppCode = () =>
  new AppError(
    'INVALID_MFA_CODE',
    400,
    'El código no es correcto. Ingresá el que muestra ahora tu aplicación.',
  );

/** Her password, or 400 WRONG_PASSWORD. Returns her row. */
export async function checkOperatorPassword(
  app: FastifyInstance,
  operatorId: string,
  password: string,
): Promise<UserRow> {
  const user = await findUserById(app.db, operatorId);
  if (!user || user.deletedAt) throw AppError.unauthorized();
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) throw wrongPassword();
  return user;
}

/**
 * Proves it is her beyond a session (issue 29): her password and a current code of her app (its
 * time step claimed, as a login claims it) or one of her recovery codes (used up). Says which.
 */
export async function reauthenticateOperator(
  app: FastifyInstance,
  operatorId: string,
  input: { password: string; code: string },
): Promise<{ user: UserRow; method: 'totp' | 'recovery_code' }> {
  const user = await checkOperatorPassword(app, operatorId, input.password);
  const code = input.code.trim();
  if (/^\d{6}$/.test(code)) {
    const secret = user.totpSecret ? secretBoxFor(app.config).open(user.totpSecret) : null;
    const step = secret ? await acceptTotp(secret, code, user.totpLastStep) : null;
    if (step === null || !(await claimTimeStep(app.db, user.id, step))) throw wrongCurrentCode();
    return { user, method: 'totp' };
  }
  if (looksLikeRecoveryCode(code) && (await consumeRecoveryCode(app.db, app.config, user.id, code))) {
    app.log.warn({ userId: user.id }, 'operator re-enrolling her second factor with a recovery code');
    return { user, method: 'recovery_code' };
  }
  throw wrongCurrentCode();
}
