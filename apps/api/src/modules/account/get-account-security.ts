import { accountSecuritySchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialIdentities } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { findUserById } from '../auth/users-repository';

/** GET /users/me/security: whether she has a password (else her proof is a mailed code) and her social logins. */
export const getAccountSecurityRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/security',
    {
      schema: {
        tags: ['account'],
        summary: 'Cómo confirmo que soy yo: contraseña o, sin ella, un código por correo',
        security: [{ bearerAuth: [] }],
        response: { 200: accountSecuritySchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const user = await findUserById(app.db, userId);
      if (!user || user.deletedAt) throw AppError.unauthorized();
      const identities = await app.db
        .select({ provider: socialIdentities.provider })
        .from(socialIdentities)
        .where(eq(socialIdentities.userId, userId));
      return {
        hasPassword: user.passwordHash !== null,
        socialProviders: [...new Set(identities.map((identity) => identity.provider))],
      };
    },
  );
};
