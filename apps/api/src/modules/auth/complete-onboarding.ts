import { type CurrentUser, normalizePhone, type partialOnboardingRequestSchema } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { assertCountryChangeAllowed } from './change-country';
import { purchasesOf, toCurrentUser } from './users-repository';

/**
 * PATCH /users/partialonboarding (country, name, phone). Onboarding sets a missing country;
 * changing one already used by a country check is refused (change-country.ts).
 */
export async function completeOnboarding(
  db: Database,
  userId: string,
  { countryCode, name, telephone }: z.infer<typeof partialOnboardingRequestSchema>,
): Promise<CurrentUser> {
  const phone = normalizePhone(countryCode, telephone);
  if (!phone) {
    throw AppError.invalidData([
      { path: 'body.telephone', message: 'El teléfono solo puede tener números.' },
    ]);
  }
  const user = await db.transaction(async (tx) => {
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
  return toCurrentUser(user, await purchasesOf(db, userId));
}
