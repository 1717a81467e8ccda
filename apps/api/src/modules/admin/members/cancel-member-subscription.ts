import type { AdminActionResult } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../../db/schema';
import { spanishDate } from '../../../lib/spanish-format';
import { loadAccountSubscription } from '../../subscriptions/account-subscription';
import { cancelSubscription } from '../../subscriptions/cancel-subscription';
import { markNoChange, recordAudit } from '../core/audit';
import { operatorOf, refuseOwnAccount } from '../core/operator-guard';
import { memberNotFound } from './get-member';

/**
 * POST /admin/members/{id}/subscription/cancel: what her "botón de baja" does (Mi cuenta's
 * use-case: the agreement stops at the provider, a código de baja, access until her end date, a
 * mail), done for her by support, with the reason in the order's history and the audit log.
 */
export async function cancelMemberSubscription(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  reason: string,
): Promise<AdminActionResult> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw memberNotFound();
  refuseOwnAccount(request, user.id);
  const operator = operatorOf(request);
  const before = await loadAccountSubscription(app.db, user.id);
  // The audit entry is written in the cancellation's transaction: both commit or neither.
  const after = await cancelSubscription(app, user.id, {
    actor: `user:${operator.id}`,
    reason: `cancelled by an operator (${operator.email}): ${reason}`,
    inTransaction: (tx, cancelled) =>
      recordAudit(tx, request, {
        action: 'member.subscription_cancel',
        targetType: 'member',
        targetId: user.id,
        before: { status: before.status, plan: before.plan?.id ?? null },
        after: {
          status: 'cancelled',
          cancellationCode: cancelled.cancellationCode,
          accessUntil: cancelled.accessUntil,
          reason,
        },
      }),
  });
  // Cancelled before (a second click, her own botón de baja): nothing changed now.
  if (!request.auditDone) markNoChange(request);
  const until = after.currentPeriodEnd
    ? ` Tiene acceso hasta el ${spanishDate(after.currentPeriodEnd)}.`
    : '';
  return {
    ok: true as const,
    message: `Suscripción cancelada (${after.cancellationCode ?? 'sin código'}).${until}`,
  };
}
