import {
  type CurrentUser,
  currentUserSchema,
  normalizePhone,
  partialOnboardingRequestSchema,
} from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { assertCountryChangeAllowed } from './change-country';
import { findUserById, purchasesOf, toCurrentUser } from './users-repository';

/** The caller as GET /users (and the bootstrap answer) show her; undefined when she no longer exists. */
export async function loadCurrentUser(db: Database, userId: string): Promise<CurrentUser | undefined> {
  const user = await findUserById(db, userId);
  return user ? toCurrentUser(user, await purchasesOf(db, userId)) : undefined;
}

/**
 * GET /users (the caller) and PATCH /users/partialonboarding (country, name, phone). Onboarding
 * sets a missing country; changing one already used by a country check is refused (change-country.ts).
 */
export const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Usuario actual',
        security: [{ bearerAuth: [] }],
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const user = await loadCurrentUser(app.db, requireUserId(request));
      if (!user) throw AppError.unauthorized();
      return user;
    },
  );

  app.patch(
    '/partialonboarding',
    {
      schema: {
        tags: ['auth'],
        summary: 'Completar el perfil (país, nombre, teléfono)',
        security: [{ bearerAuth: [] }],
        body: partialOnboardingRequestSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { countryCode, name, telephone } = request.body;
      const phone = normalizePhone(countryCode, telephone);
      if (!phone) {
        throw AppError.invalidData([
          { path: 'body.telephone', message: 'El teléfono solo puede tener números.' },
        ]);
      }
      const user = await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!current) throw AppError.unauthorized();
        await assertCountryChangeAllowed(tx, current, countryCode);
        const [updated] = await tx
          .update(users)
          .set({ countryCode, telephone: phone, ...(name ? { name } : {}), updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        return updated;
      });
      if (!user) throw AppError.unauthorized();
      return toCurrentUser(user, await purchasesOf(app.db, userId));
    },
  );
};
