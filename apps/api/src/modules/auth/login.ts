import { loginRequestSchema, loginResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
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
export const loginRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión con correo y contraseña',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
      config: credentialLimit(app.config, 'login', 10, 15, { perEmail: 20 }),
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), request.body.password);
      if (!user?.passwordHash || !valid) {
        throw new AppError('INVALID_CREDENTIALS', 401, 'Los datos son incorrectos. Intenta nuevamente.');
      }
      if (isEnrolledOperator(user)) {
        return { mfaRequired: true as const, mfaToken: await signMfaChallenge(app.config, user.id) };
      }
      return issueCredentials(app, app.db, user.id);
    },
  );
};
