import { credentialsQuerySchema, credentialsSchema } from '@alcancia/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
import { issueCredentials } from './sessions';
import { findUserByEmail } from './users-repository';
import { consumeCode } from './verification-codes';

/**
 * GET /users/credentials?email&verification_code: a session from an e-mailed login link (the
 * entry parameters verification_code + email). The code is single use; using it proves the
 * address, so the account counts as verified.
 */
export const restoreSessionRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credentials',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión con un enlace enviado por correo',
        querystring: credentialsQuerySchema,
        response: { 200: credentialsSchema },
      },
      config: credentialLimit(app.config, 'credentials', 10, 15, { perEmail: 10 }),
    },
    async (request) => {
      const { email, verification_code: code } = request.query;
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
        throw new AppError(
          'INVALID_VERIFICATION_CODE',
          400,
          'El enlace no es válido o venció. Iniciá sesión.',
        );
      }
      return credentials;
    },
  );
};
