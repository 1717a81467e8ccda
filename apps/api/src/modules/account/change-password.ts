import { isValidPassword } from '@alcancia/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refreshTokens, users } from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { hashPassword, verifyPassword } from '../auth/password-hashing';
import { announceRevocation, recentSessionsOf } from '../auth/revoke-access-tokens';
import { findUserById } from '../auth/users-repository';
import { passwordChangedMail } from './account-mails';

export const wrongPassword = () =>
  new AppError('WRONG_PASSWORD', 400, 'La contraseña no es correcta. Revisala e intentá nuevamente.');

/** Accounts made by social login (or a guest purchase) have no password until she creates one. */
export const passwordNotSet = () =>
  new AppError(
    'PASSWORD_NOT_SET',
    409,
    'Tu cuenta todavía no tiene contraseña (entrás con Google o Facebook). Para crear una, cerrá sesión y elegí «¿Olvidaste tu contraseña?»: te enviamos un código a tu correo.',
  );

/**
 * Changes her password while logged in: the current one proves it is her, the new one follows
 * the registration rules. Every other session ends (its refresh tokens are revoked and its access
 * tokens refused by every process); the session that asked stays. An access token without its
 * session (signed before sessions were named in tokens) cannot tell which one is hers: then every
 * session ends and she logs in again with the new password.
 */
export async function changePassword(
  app: FastifyInstance,
  userId: string,
  currentSession: string | undefined,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await findUserById(app.db, userId);
  if (!user || user.deletedAt) throw AppError.unauthorized();
  if (!user.passwordHash) throw passwordNotSet();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw wrongPassword();
  if (!isValidPassword(input.newPassword)) {
    throw new AppError('PASSWORD_NOT_VALID', 400, 'La contraseña no cumple los requisitos.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const otherSessions = await app.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      // the password she proved is still the stored one (no concurrent change in between)
      .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash as string)))
      .returning({ id: users.id });
    if (!changed) throw wrongPassword();
    const sessions = await recentSessionsOf(app, tx, userId, currentSession);
    await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          currentSession ? ne(refreshTokens.familyId, currentSession) : undefined,
        ),
      );
    if (sessions.length > 0) await announceRevocation(tx, { userId, sessionIds: sessions });
    await enqueueMail(tx, passwordChangedMail(user.email, user.name));
    return sessions;
  });
  if (otherSessions.length > 0) app.accessTokens.revoke({ userId, sessionIds: otherSessions });
  app.mail.kick();
}
