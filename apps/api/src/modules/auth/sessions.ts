import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Credentials } from '@alcancia/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import { AppError } from '../../errors';

type Executor = Pick<Database, 'insert' | 'update' | 'select' | 'execute'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const invalidRefreshToken = () =>
  new AppError('INVALID_REFRESH_TOKEN', 401, 'Tu sesión venció. Iniciá sesión nuevamente.');

/**
 * Operators' sessions (issue 18, decision 64): an access token lives 10 minutes, and the session
 * ends after 30 minutes without a refresh (each refresh token expires 30 minutes after it is issued).
 */
export const operatorSession = { accessTtlSeconds: 600, idleMs: 30 * 60_000 } as const;

/**
 * Starts (or continues, with `familyId`) a session: a new access token and refresh token. `mfa`:
 * an operator's session that passed the second factor (short-lived; opens /api/admin).
 */
export async function issueCredentials(
  app: FastifyInstance,
  db: Executor,
  userId: string,
  familyId: string = randomUUID(),
  options: { mfa?: boolean } = {},
): Promise<Credentials> {
  const refreshToken = randomBytes(32).toString('base64url');
  const mfa = options.mfa === true;
  const ttlMs = mfa ? operatorSession.idleMs : app.config.auth.refreshTokenTtlDays * 86_400_000;
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + ttlMs),
    mfa,
  });
  const accessToken = await app.accessTokens.sign(
    userId,
    familyId,
    mfa ? { mfa: true, ttlSeconds: operatorSession.accessTtlSeconds } : undefined,
  );
  return { token: accessToken, accessToken, refreshToken, userId };
}

/**
 * Rotates a refresh token. The row is locked so two concurrent refreshes with the same token
 * cannot both succeed; presenting a token that was already rotated means it leaked (or a replay),
 * so the whole family is revoked and the user must log in again.
 */
export async function rotateRefreshToken(app: FastifyInstance, presented: string): Promise<Credentials> {
  const outcome = await app.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    const row = rows[0];
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return 'reused' as const;
    }
    await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, row.id));
    return issueCredentials(app, tx, row.userId, row.familyId, { mfa: row.mfa });
  });
  if (outcome === 'reused') app.log.warn('refresh token reuse detected: session family revoked');
  if (!outcome || outcome === 'reused') throw invalidRefreshToken();
  return outcome;
}

/**
 * The user of a session whose current refresh token this is (not rotated, revoked or expired),
 * else null. Reads only: the token stays the session's, for the next refresh.
 */
export async function userOfLiveSession(db: Database, presented: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(presented)),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.usedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    );
  return row?.userId ?? null;
}

/** Logout: ends the session family the token belongs to. Unknown tokens are ignored. */
export async function revokeFamilyOf(db: Database, presented: string): Promise<void> {
  await db.execute(sql`
    update refresh_tokens set revoked_at = now()
     where revoked_at is null
       and family_id = (select family_id from refresh_tokens where token_hash = ${hashToken(presented)})`);
}

/** Ends every session of a user (password reset). */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * An account whose e-mail was never verified may have been registered by someone else, with a
 * password of theirs. When the address's owner proves it another way (a provider's verified
 * e-mail, a purchase mailed to that address), that password and every session go, so only she
 * gets in from then on; she can set a password with "forgot password" (or the link mailed to her).
 * Answers whether the account was taken over.
 */
export async function takeOverUnverifiedAccount(
  db: Executor,
  user: { id: string; emailVerifiedAt: Date | string | null },
): Promise<boolean> {
  if (user.emailVerifiedAt) return false;
  await db
    .update(users)
    .set({ passwordHash: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)));
  await revokeAllSessions(db, user.id);
  return true;
}
