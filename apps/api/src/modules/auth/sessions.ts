import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Credentials } from '@alcancia/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import { AppError } from '../../errors';
import { announceRevocation } from './revoke-access-tokens';

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
      await endSessions(tx, { userId: row.userId, familyId: row.familyId });
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

/**
 * The longest an access token can live (the bound of ACCESS_TOKEN_TTL_SECONDS in config.ts): a
 * session with no refresh token issued for this long holds no live access token any more.
 */
const longestAccessTokenSeconds = 3600;

/**
 * Ends sessions (issue 40, decision 0250): every refresh token of the user, or of one session
 * (`familyId`), is revoked, and in the same transaction every API process is told on the sessions
 * channel to refuse the access tokens of the sessions ended (revoke-access-tokens.ts): from
 * the commit on, in this process before the commit resolves, in the others as they hear it.
 * Only sessions with a refresh token issued within the longest access-token lifetime are named:
 * older ones hold no live access token. The user's new sessions are not affected.
 *
 * Two passes: a refresh that rotated a token of hers while the first pass waited for its row lock
 * inserted a refresh token that pass could not see; the second pass (a new snapshot) ends it too.
 */
export async function endSessions(db: Executor, scope: { userId: string; familyId?: string }): Promise<void> {
  const ended = new Set<string>();
  for (let pass = 0; pass < 2; pass++) {
    const result = await db.execute<{ family_id: string }>(sql`
      with ended as (
        update refresh_tokens set revoked_at = now()
         where user_id = ${scope.userId}
           ${scope.familyId ? sql`and family_id = ${scope.familyId}::uuid` : sql``}
           and revoked_at is null
        returning family_id, created_at)
      select distinct family_id::text as family_id from ended
       where created_at > now() - make_interval(secs => ${longestAccessTokenSeconds + 60})`);
    for (const row of result.rows) ended.add(row.family_id);
  }
  // a logout (or a replay) names its session even when it had already ended: it costs nothing
  if (scope.familyId) ended.add(scope.familyId);
  if (ended.size > 0) await announceRevocation(db, { userId: scope.userId, sessionIds: [...ended] });
}

/**
 * Logout: ends the session the refresh token belongs to (any of its tokens, rotated or not), its
 * access tokens included. Unknown tokens are ignored.
 */
export async function revokeFamilyOf(db: Database, presented: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: refreshTokens.userId, familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)));
    if (row) await endSessions(tx, row);
  });
}

/**
 * Ends every session of a user, access tokens included (a password reset, a role given by
 * `admin:create`, a deleted account, an account taken over by its address's owner).
 */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  await endSessions(db, { userId });
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
