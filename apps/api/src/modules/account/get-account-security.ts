import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { socialIdentities } from '../../db/schema';
import { AppError } from '../../errors';
import { findUserById } from '../auth/users-repository';

/** GET /users/me/security: whether she has a password (else her proof is a mailed code) and her social logins. */
export async function getAccountSecurity(db: Database, userId: string) {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw AppError.unauthorized();
  const identities = await db
    .select({ provider: socialIdentities.provider })
    .from(socialIdentities)
    .where(eq(socialIdentities.userId, userId));
  return {
    hasPassword: user.passwordHash !== null,
    socialProviders: [...new Set(identities.map((identity) => identity.provider))],
  };
}
