import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { changeChannels } from '../../db/change-channels';
import type { Db } from '../../db/transaction';
import type { AccessTokenRevocation } from '../../plugins/authentication';

/**
 * Access tokens are verified without the database (a signature and a per-process memory, see
 * plugins/authentication.ts), so ending a session's refresh tokens leaves its access token working
 * until it expires. For a deleted account and for the other sessions after a password change that
 * is too long: every API process is told, on the sessions channel, to refuse those tokens now.
 * Called inside the transaction of the change: the notice goes out when it commits, never if it
 * rolls back, and this process hears it before the commit resolves (db/change-channels.ts).
 */
export async function announceRevocation(db: Db, revocation: AccessTokenRevocation): Promise<void> {
  await db.execute(sql`select pg_notify(${changeChannels.sessions}, ${JSON.stringify(revocation)})`);
}

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
 * A process that starts after an account was deleted has not heard the notice: at start it
 * refuses the tokens of accounts deleted within the last access-token lifetime.
 */
export function refuseTokensOfRecentDeletions(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    const ttl = app.config.auth.accessTokenTtlSeconds + 60;
    const result = await app.db.execute<{ id: string }>(sql`
      select id::text as id from users where deleted_at > now() - make_interval(secs => ${ttl})`);
    for (const row of result.rows) app.accessTokens.revoke({ userId: row.id });
  });
}
