import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { changeChannels } from '../../db/change-channels';
import type { Db } from '../../db/transaction';
import type { AccessTokenRevocation } from '../../plugins/authentication';

/**
 * Access tokens are verified without the database (a signature and a per-process memory, see
 * plugins/authentication.ts), so ending a session's refresh tokens leaves its access token working
 * until it expires. Every way a session ends (logout, a password change or reset, a reused refresh
 * token, a deleted account, a role given, support ending them: decision 0250) therefore tells every
 * API process, on the sessions channel, to refuse those tokens now.
 * Called inside the transaction of the change: the notice goes out when it commits, never if it
 * rolls back, and this process hears it before the commit resolves (db/change-channels.ts).
 * Long lists go out as several notices (a notice carries at most 8000 bytes).
 */
export async function announceRevocation(
  db: Pick<Db, 'execute'>,
  revocation: AccessTokenRevocation,
): Promise<void> {
  const { userId, sessionIds } = revocation;
  if (!sessionIds) {
    await db.execute(sql`select pg_notify(${changeChannels.sessions}, ${JSON.stringify({ userId })})`);
    return;
  }
  for (let from = 0; from < sessionIds.length; from += sessionsPerNotice) {
    const notice = JSON.stringify({ userId, sessionIds: sessionIds.slice(from, from + sessionsPerNotice) });
    await db.execute(sql`select pg_notify(${changeChannels.sessions}, ${notice})`);
  }
}

/** 100 session ids (uuids) make a notice of about 4 KB. */
const sessionsPerNotice = 100;

/**
 * The session families of a user that may still hold a live access token, except `keep`: an
 * access token is signed with every refresh token row, so a family whose last row is older than
 * one access-token lifetime has none left.
 */
export async function recentSessionsOf(
  app: FastifyInstance,
  db: Db,
  userId: string,
  keep: string | undefined,
): Promise<string[]> {
  const ttl = app.config.auth.accessTokenTtlSeconds + 60;
  const result = await db.execute<{ family_id: string }>(sql`
    select distinct family_id::text as family_id from refresh_tokens
     where user_id = ${userId}
       and created_at > now() - make_interval(secs => ${ttl})
       ${keep ? sql`and family_id <> ${keep}::uuid` : sql``}`);
  return result.rows.map((row) => row.family_id);
}

/**
 * A process that starts after a session ended or an account was deleted has not heard the notice:
 * at start it refuses the tokens of the accounts deleted and of the sessions ended within the last
 * access-token lifetime (a revoked refresh token is a session ended: decision 0250).
 */
export function refuseTokensOfRecentRevocations(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    const ttl = app.config.auth.accessTokenTtlSeconds + 60;
    const deleted = await app.db.execute<{ id: string }>(sql`
      select id::text as id from users where deleted_at > now() - make_interval(secs => ${ttl})`);
    for (const row of deleted.rows) app.accessTokens.revoke({ userId: row.id });
    const ended = await app.db.execute<{ user_id: string; family_id: string }>(sql`
      select distinct user_id::text as user_id, family_id::text as family_id from refresh_tokens
       where revoked_at > now() - make_interval(secs => ${ttl})`);
    for (const row of ended.rows) {
      app.accessTokens.revoke({ userId: row.user_id, sessionIds: [row.family_id] });
    }
  });
}
