import type { AdminActionResult } from '@alcancia/contract/admin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refreshTokens, users } from '../../../db/schema';
import { announceRevocation, recentSessionsOf } from '../../auth/revoke-access-tokens';
import { recordAudit } from '../core/audit';
import { refuseOwnAccount } from '../core/operator-guard';
import { memberNotFound } from './get-member';

/**
 * POST /admin/members/{id}/sessions/end: ends every session of hers on every device. Refresh
 * tokens are revoked and every API process is told to refuse those sessions' access tokens now
 * (the sessions channel), so nothing she holds keeps working; she can log in again at once.
 */
export async function endMemberSessions(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<AdminActionResult> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw memberNotFound();
  refuseOwnAccount(request, user.id);
  const ended = await app.db.transaction(async (tx) => {
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))
      .returning({ familyId: refreshTokens.familyId });
    const families = [...new Set(revoked.map((row) => row.familyId))];
    // the access tokens of those sessions only (a new login of hers right after works); only
    // sessions active within one token lifetime can still hold one
    const live = await recentSessionsOf(app, tx, user.id, undefined);
    if (live.length > 0) await announceRevocation(tx, { userId: user.id, sessionIds: live });
    await recordAudit(tx, request, {
      action: 'member.sessions_end',
      targetType: 'member',
      targetId: user.id,
      before: { sessions: families.length },
      after: { sessions: 0 },
    });
    return families.length;
  });
  return {
    ok: true as const,
    message: ended === 1 ? 'Cerramos su sesión.' : `Cerramos sus ${ended} sesiones.`,
  };
}
