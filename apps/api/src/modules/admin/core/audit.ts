import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditLog } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { operatorOf } from './operator-guard';

declare module 'fastify' {
  interface FastifyRequest {
    /** an audit entry was written for this request (audit.ts), or it changed nothing */
    auditDone?: boolean;
  }
}

export interface AuditEntryInput {
  /** dotted verb: `promo_code.create`, `payment.refund`, `member.sessions_end`… */
  action: string;
  /** member, payment, refund, order, promo_code, service_control, feature_flag, operator, course… */
  targetType: string;
  targetId: string;
  /** what it was and what it is now (JSON; never secrets: no password hash, TOTP secret or token) */
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the audit entry of a change made through /api/admin (issue 18). Pass the change's
 * transaction: the entry commits with it or not at all. The table is append-only (a trigger).
 */
export async function recordAudit(db: Db, request: FastifyRequest, entry: AuditEntryInput): Promise<void> {
  const operator = operatorOf(request);
  await db.insert(auditLog).values({
    actorId: operator.id,
    actorEmail: operator.email,
    actorRole: operator.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: request.id,
  });
  request.auditDone = true;
}

/** A write request that turned out to change nothing (a replayed click): no entry is owed. */
export function markNoChange(request: FastifyRequest): void {
  request.auditDone = true;
}

/**
 * Holds the admin scope to its rule: a successful POST, PUT, PATCH or DELETE there that wrote no
 * audit entry (and did not say it changed nothing) is a bug. Outside production it fails the
 * request, so a test of a new admin route finds it at once; in production it is logged.
 */
export function registerAuditCheck(app: FastifyInstance): void {
  app.decorateRequest('auditDone', undefined);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    if (request.auditDone || !request.operator) return payload;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    app.log.error({ route }, 'an /api/admin change wrote no audit entry');
    if (!app.config.isProduction) throw new Error(`${route}: an /api/admin change wrote no audit entry`);
    return payload;
  });
}
