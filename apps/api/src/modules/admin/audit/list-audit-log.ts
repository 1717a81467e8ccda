import type { AuditLogQuery } from '@alcancia/contract/admin';
import { and, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { auditLog } from '../../../db/schema';

/**
 * Who or what an entry is about, by name, for its sentence in the panel: the member or operator
 * (a payment's member is in its "after"), the course or the plan; null when there is none.
 */
const targetName = sql<string | null>`coalesce(
  (select u.name from users u where u.id::text = case
     when ${auditLog.targetType} in ('member', 'operator') then ${auditLog.targetId}
     else ${auditLog.after}->>'member' end),
  (select c.name from courses c where ${auditLog.targetType} = 'course' and c.id = ${auditLog.targetId}),
  (select p.name from subscription_plans p where ${auditLog.targetType} = 'plan' and p.id = ${auditLog.targetId})
)`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Start of an Argentina day (UTC−3, no daylight saving) as an instant. */
const argentinaDayStart = (date: string) =>
  sql`(${date}::date::timestamp at time zone 'America/Argentina/Buenos_Aires')`;

/** The audit log, newest first, filtered; `hasMore` from one extra row. */
export async function listAuditLog(db: Database, query: AuditLogQuery) {
  const filters: SQL[] = [];
  if (query.actor) {
    filters.push(
      uuidPattern.test(query.actor)
        ? eq(auditLog.actorId, query.actor)
        : ilike(auditLog.actorEmail, `%${escapeLike(query.actor)}%`),
    );
  }
  if (query.action) {
    const exact = eq(auditLog.action, query.action);
    filters.push(or(exact, like(auditLog.action, `${escapeLike(query.action)}.%`)) ?? exact);
  }
  if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) {
    // ids are kept canonical (lower case, decision 0255): a uuid typed in capitals finds them too
    const target = uuidPattern.test(query.targetId) ? query.targetId.toLowerCase() : query.targetId;
    filters.push(eq(auditLog.targetId, target));
  }
  if (query.from) filters.push(gte(auditLog.createdAt, argentinaDayStart(query.from)));
  if (query.to) filters.push(lt(auditLog.createdAt, sql`${argentinaDayStart(query.to)} + interval '1 day'`));
  const rows = await db
    .select({ entry: auditLog, targetName })
    .from(auditLog)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.slice(0, query.pageSize).map(({ entry: row, targetName }) => ({
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      actorRole: row.actorRole,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetName,
      before: row.before,
      after: row.after,
    })),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}
