import { randomUUID } from 'node:crypto';
import type { loginMfaRequestSchema } from '@alcancia/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { verifyMfaChallenge } from './mfa-challenge';
import { acceptTotp, claimTimeStep, isEnrolledOperator } from './operator-totp';
import { consumeRecoveryCode } from './recovery-codes';
import { issueCredentials } from './sessions';
import { secretBoxFor } from './totp-secrets';
import { findUserById } from './users-repository';

/** Tries per operator (verified challenges) and per client address, each in 15 minutes. */
const accountMax = 10;
const addressMax = 100;
const windowMs = 15 * 60_000;

const tooManyTries = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    429,
    'Hiciste demasiados intentos. Esperá unos minutos y volvé a intentarlo.',
  );
const expiredChallenge = () =>
  new AppError('MFA_TOKEN_EXPIRED', 401, 'Pasaron varios minutos: ingresá tu contraseña otra vez.');
const wrongCode = () =>
  new AppError(
    'INVALID_MFA_CODE',
    401,
    'El código no es correcto o ya se usó. Ingresá el código que muestra ahora tu aplicación.',
  );

/** Counts a try against the operator a verified challenge names; throws once she has too many. */
export type OperatorTryCount = (request: FastifyRequest, operatorId: string) => Promise<void>;

/**
 * The route's limits: every try counts for the client's address (a forged token names nobody it
 * could lock out), and only a challenge the server signed counts against its operator (issue 29).
 */
export function secondFactorLimits(app: FastifyInstance): {
  addressLimit: FastifyContextConfig;
  countOperatorTry: OperatorTryCount;
} {
  if (!app.config.rateLimitEnabled) return { addressLimit: {}, countOperatorTry: async () => {} };
  const verifiedSubject = new WeakMap<FastifyRequest, string>();
  const perAccount = app.createRateLimit({
    max: accountMax,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) => `login-mfa:${verifiedSubject.get(request) ?? ''}`,
  });
  return {
    addressLimit: {
      rateLimit: {
        max: addressMax,
        timeWindow: windowMs,
        keyGenerator: (request: FastifyRequest) => `login-mfa-address:${request.ip}`,
      },
    },
    countOperatorTry: async (request, operatorId) => {
      verifiedSubject.set(request, operatorId);
      const verdict = await perAccount(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw tooManyTries();
    },
  };
}

/**
 * POST /users/login/mfa { mfaToken, code }: an operator's second step (issue 18). `code` is the
 * 6 digits of her authenticator app (each time step accepted once) or one of her recovery codes
 * (each used once). Ten tries per operator in 15 minutes, counted only on challenges the server
 * signed (a forged token naming her locks nobody out: issue 29), and a hundred per client address
 * for everything, forged or not; a success starts an operator session (access 10 min, idle 30
 * min: sessions.ts).
 */
export async function loginWithSecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  body: z.infer<typeof loginMfaRequestSchema>,
  countOperatorTry: OperatorTryCount,
) {
  const userId = await verifyMfaChallenge(app.config, body.mfaToken);
  const user = userId ? await findUserById(app.db, userId) : undefined;
  if (!user || !isEnrolledOperator(user) || !user.totpSecret) throw expiredChallenge();
  await countOperatorTry(request, user.id);
  const code = body.code.trim();
  let accepted = false;
  if (/^\d{6}$/.test(code)) {
    const secret = secretBoxFor(app.config).open(user.totpSecret);
    if (!secret) {
      app.log.error({ userId: user.id }, 'an operator TOTP secret cannot be opened with this JWT_SECRET');
      throw wrongCode();
    }
    const step = await acceptTotp(secret, code, user.totpLastStep);
    accepted = step !== null && (await claimTimeStep(app.db, user.id, step));
  } else {
    accepted = await consumeRecoveryCode(app.db, app.config, user.id, code);
    if (accepted) app.log.warn({ userId: user.id }, 'operator logged in with a recovery code');
  }
  if (!accepted) throw wrongCode();
  return issueCredentials(app, app.db, user.id, randomUUID(), { mfa: true });
}
