import { type CountryCode, normalizePhone, type updateProfileRequestSchema } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { assertCountryChangeAllowed } from '../auth/change-country';
import { purchasesOf, toCurrentUser } from '../auth/users-repository';

const invalidPhone = () =>
  AppError.invalidData([{ path: 'body.phone', message: 'El teléfono solo puede tener números.' }]);
const countryMissing = () =>
  AppError.invalidData([{ path: 'body.countryCode', message: 'Elegí tu país para guardar tu teléfono.' }]);

/** The onboarding's answers (issue 30): either one, even empty (skipped), ends the questions. */
function interestChanges(changes: z.infer<typeof updateProfileRequestSchema>) {
  if (changes.learningGoals === undefined && changes.knowledgeLevel === undefined) return {};
  return {
    ...(changes.learningGoals !== undefined ? { learningGoals: changes.learningGoals } : {}),
    ...(changes.knowledgeLevel !== undefined ? { knowledgeLevel: changes.knowledgeLevel } : {}),
    interestsPending: false,
  };
}

/**
 * Her name, phone and country, with the rules of registration: the phone is normalized for the
 * country (the new one when it changes too), and a country already used by a country check
 * stays (auth/change-country.ts). A change of country alone keeps the stored phone, which
 * already carries its calling code.
 */
export async function updateProfile(
  app: FastifyInstance,
  userId: string,
  changes: z.infer<typeof updateProfileRequestSchema>,
) {
  const user = await app.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current || current.deletedAt) throw AppError.unauthorized();
    const country = (changes.countryCode ?? current.countryCode) as CountryCode | null;
    let telephone: string | undefined;
    if (changes.phone !== undefined) {
      if (!country) throw countryMissing();
      telephone = normalizePhone(country, changes.phone) ?? undefined;
      if (!telephone) throw invalidPhone();
    }
    if (changes.countryCode) await assertCountryChangeAllowed(tx, current, changes.countryCode);
    const [updated] = await tx
      .update(users)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(telephone !== undefined ? { telephone } : {}),
        ...(changes.countryCode ? { countryCode: changes.countryCode } : {}),
        ...interestChanges(changes),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    return updated;
  });
  if (!user) throw AppError.unauthorized();
  return toCurrentUser(user, await purchasesOf(app.db, userId));
}
