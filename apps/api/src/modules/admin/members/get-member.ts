import { type MemberDetail, uuidIdParamsSchema } from '@alcancia/contract/admin';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  analyticsEvents,
  certificates,
  courseProgress,
  courseSections,
  courses,
  mailOutbox,
  paymentOrders,
  paymentStatusHistory,
  payments,
  promoCodeRedemptions,
  promoCodes,
  sectionProgress,
  userPurchases,
  users,
  verificationCodes,
} from '../../../db/schema';
import { AppError } from '../../../errors';
import { pesos, spanishDate } from '../../../lib/spanish-format';
import { herOrders } from '../../payments/money-ledger';
import { latestSubscriptionOrder, loadAccountSubscription } from '../../subscriptions/account-subscription';
import { adminPaymentsWhere, adminRefundsWhere } from '../payments/payment-views';
import { orderReasonText } from './order-reason-words';
import { toMemberSummary } from './search-members';

/** `{id}` of a member route: a uuid in any letter case, handed on in lower case (issue 40). */
export const memberIdParams = uuidIdParamsSchema;
export const memberNotFound = () => AppError.notFound('No encontramos a esa persona.');

/** Everything support needs about one member, read in a handful of indexed queries. */
/**
 * How many of a mail's tries failed: the outbox counts a try when it claims the mail (attempts),
 * and keeps the last SMTP error. A mail being sent for the first time has tried once and failed
 * never; a sent one failed every try but the last; one still pending after an error failed each
 * (the try in progress, if any, counted with them until it ends).
 */
function failedAttemptsOf(mail: { status: string; attempts: number; lastError: string | null }): number {
  if (mail.status === 'sent') return Math.max(0, mail.attempts - 1);
  if (mail.status === 'failed') return mail.attempts;
  return mail.lastError === null ? 0 : mail.attempts;
}

export async function loadMemberDetail(db: Database, id: string): Promise<MemberDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw memberNotFound();

  const [lastCode] = await db
    .select({ at: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, id), eq(verificationCodes.purpose, 'validate_account')))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);

  const subscription = await loadAccountSubscription(db, id).catch(() => null);
  const order = await latestSubscriptionOrder(db, id);
  const subscriptionOrders = await db
    .select({ id: paymentOrders.id, provider: paymentOrders.provider })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, id), eq(paymentOrders.kind, 'subscription')));
  const subscriptionOrderIds = subscriptionOrders.map((row) => row.id);
  const providerOf = new Map(subscriptionOrders.map((row) => [row.id, row.provider]));
  const history =
    subscriptionOrderIds.length === 0
      ? []
      : await db
          .select()
          .from(paymentStatusHistory)
          .where(inArray(paymentStatusHistory.orderId, subscriptionOrderIds))
          .orderBy(desc(paymentStatusHistory.createdAt), desc(paymentStatusHistory.id))
          .limit(50);

  const purchases = await db
    .select({ purchase: userPurchases, name: courses.name })
    .from(userPurchases)
    .leftJoin(courses, eq(courses.id, userPurchases.productId))
    .where(eq(userPurchases.userId, id))
    .orderBy(desc(userPurchases.createdAt));

  // whose payments are hers: the same rule as her Mi cuenta (the money ledger, decision 0190)
  const paymentList = await adminPaymentsWhere(db, herOrders(user));
  const paymentIds = paymentList.map((p) => Number(p.id));
  const refunds =
    paymentIds.length === 0 ? [] : await adminRefundsWhere(db, inArray(payments.id, paymentIds));

  // counted from the course's structure now (its current classes and materials, what finishing it
  // takes), not from the cached counters: a deleted section or a double count never reads "7 de 6"
  const countedSections = sql`${courseSections.courseId} = ${courseProgress.courseId} and ${courseSections.type} <> 'EMPTY'`;
  const progress = await db
    .select({
      progress: courseProgress,
      name: courses.name,
      total: sql<number>`(select count(*)::int from ${courseSections} where ${countedSections})`,
      completed: sql<number>`(select count(*)::int from ${sectionProgress} join ${courseSections}
          on ${courseSections.id} = ${sectionProgress.sectionId}
         where ${sectionProgress.userId} = ${courseProgress.userId} and ${countedSections}
           and ${sectionProgress.completeFraction} >= 1)`,
    })
    .from(courseProgress)
    .leftJoin(courses, eq(courses.id, courseProgress.courseId))
    .where(eq(courseProgress.userId, id))
    .orderBy(desc(courseProgress.updatedAt))
    .limit(100);

  const certificateRows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, id))
    .orderBy(desc(certificates.issuedAt));

  const sessions = await db.execute<{
    id: string;
    started_at: string;
    last_active_at: string;
    expires_at: string;
    mfa: boolean;
  }>(sql`
    select family_id::text as id, min(created_at) as started_at, max(created_at) as last_active_at,
           max(expires_at) as expires_at, bool_or(mfa) as mfa
      from refresh_tokens
     where user_id = ${id}
     group by family_id
    having bool_or(revoked_at is null and used_at is null and expires_at > now())
     order by max(created_at) desc
     limit 50`);

  const events = await db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, id))
    .orderBy(desc(analyticsEvents.receivedAt))
    .limit(20);

  const codes = await db
    .select({
      code: promoCodes.code,
      usedAt: promoCodeRedemptions.createdAt,
      orderId: promoCodeRedemptions.orderId,
    })
    .from(promoCodeRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeRedemptions.promoCodeId))
    .where(eq(promoCodeRedemptions.userId, id))
    .orderBy(desc(promoCodeRedemptions.createdAt));

  const mails = await db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, user.email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(20);

  const words = await sourceWords(
    db,
    purchases.map(({ purchase }) => purchase.source),
    history.map((entry) => entry.actor),
  );
  const iso = (value: string | Date) => new Date(value).toISOString();
  return {
    profile: {
      ...toMemberSummary(user),
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      origin: user.origin,
      acquisitionChannel: user.acquisitionChannel,
      privateCommunityAccess: user.privateCommunityAccess,
      deletedAt: user.deletedAt?.toISOString() ?? null,
    },
    validation: {
      verified: user.emailVerifiedAt !== null,
      lastCodeSentAt: lastCode?.at.toISOString() ?? null,
    },
    subscription: {
      status: subscription?.status ?? 'none',
      planId: subscription?.plan?.id ?? user.subscriptionPlanId,
      planName: subscription?.plan?.name ?? null,
      endDate: user.subscriptionEndDate,
      origin: user.lastServiceOrigin,
      orderId: order?.id ?? null,
      providerPreapprovalId: order?.providerPreapprovalId ?? null,
      cancellable: Boolean(order && order.status === 'active' && !order.cancellationCode),
      history: history.map((entry) => ({
        at: entry.createdAt.toISOString(),
        orderId: entry.orderId,
        from: entry.fromStatus,
        to: entry.toStatus,
        actor: entry.actor,
        actorText: actorText(entry.actor, user.id, words),
        reason: entry.reason,
        reasonText: orderReasonText(entry.reason, providerOf.get(entry.orderId) ?? null),
      })),
    },
    purchases: purchases.map(({ purchase, name }) => ({
      productType: purchase.productType,
      productId: purchase.productId,
      name,
      source: purchase.source,
      sourceText: sourceText(purchase.source, words),
      createdAt: purchase.createdAt.toISOString(),
    })),
    payments: paymentList,
    refunds,
    progress: progress.map(({ progress: row, name, total, completed }) => ({
      courseId: row.courseId,
      courseName: name,
      completedSections: Math.min(completed, total),
      totalSections: total,
      completedAt: row.finishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    certificates: certificateRows.map((row) => ({
      id: row.id,
      courseId: row.courseId,
      courseName: row.courseName,
      issuedAt: row.issuedAt.toISOString(),
    })),
    sessions: sessions.rows.map((row) => ({
      id: row.id,
      startedAt: iso(row.started_at),
      lastActiveAt: iso(row.last_active_at),
      expiresAt: iso(row.expires_at),
      operator: row.mfa,
    })),
    events: events.map((event) => ({
      id: String(event.id),
      event: event.event,
      source: event.source,
      at: event.receivedAt.toISOString(),
      properties: event.properties,
    })),
    promoCodes: codes.map((row) => ({
      code: row.code,
      usedAt: row.usedAt.toISOString(),
      orderId: row.orderId,
    })),
    mails: mails.map((mail) => ({
      id: String(mail.id),
      subject: mail.subject,
      status: mail.status,
      attempts: mail.attempts,
      failedAttempts: failedAttemptsOf(mail),
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
  };
}

/** What the member page needs to word a purchase's source and a status change's actor. */
interface SourceWords {
  orders: Map<string, { createdAt: Date; amountCentavos: number }>;
  names: Map<string, string>;
}

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idAfter = (prefix: string, value: string) => {
  const id = value.startsWith(prefix) ? value.slice(prefix.length) : '';
  return uuidText.test(id) ? id.toLowerCase() : null;
};

/** The orders and people that purchases' sources (`order:`, `admin:`) and actors (`user:`) name. */
async function sourceWords(db: Database, sources: string[], actors: string[]): Promise<SourceWords> {
  const orderIds = [...new Set(sources.map((s) => idAfter('order:', s)).filter((id) => id !== null))];
  const peopleIds = [
    ...new Set(
      [...sources.map((s) => idAfter('admin:', s)), ...actors.map((a) => idAfter('user:', a))].filter(
        (id) => id !== null,
      ),
    ),
  ];
  const orders =
    orderIds.length === 0
      ? []
      : await db
          .select({
            id: paymentOrders.id,
            createdAt: paymentOrders.createdAt,
            amountCentavos: paymentOrders.amountCentavos,
          })
          .from(paymentOrders)
          .where(inArray(paymentOrders.id, orderIds));
  const people =
    peopleIds.length === 0
      ? []
      : await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, peopleIds));
  return {
    orders: new Map(orders.map((o) => [o.id, o])),
    names: new Map(people.map((p) => [p.id, p.name])),
  };
}

/** An instant's day in Argentina (UTC−3 all year), written out: "22 de noviembre de 2026". */
const argentinaDay = (at: Date) => spanishDate(new Date(at.getTime() - 3 * 3_600_000).toISOString());

/** A purchase's source in words, never an id (issue 40). */
function sourceText(source: string, words: SourceWords): string {
  const orderId = idAfter('order:', source);
  if (orderId) {
    const order = words.orders.get(orderId);
    return order
      ? `Compra del ${argentinaDay(order.createdAt)} por ${pesos(order.amountCentavos)}`
      : 'Compra';
  }
  if (source.startsWith('promo:')) return `Código promocional ${source.slice('promo:'.length)}`;
  if (source.startsWith('admin:')) {
    const id = idAfter('admin:', source);
    const name = id ? words.names.get(id) : undefined;
    return name ? `Se lo dio ${name} desde el panel` : 'Se lo dieron desde el panel';
  }
  return 'Otro origen';
}

/** Who changed a subscription's state, in words. */
function actorText(actor: string, memberId: string, words: SourceWords): string {
  if (actor === 'webhook') return 'Aviso del proveedor de pagos';
  if (actor === 'system') return 'Alcancía, automáticamente';
  const id = idAfter('user:', actor);
  if (id === memberId) return 'Ella misma';
  const name = id ? words.names.get(id) : undefined;
  return name ? `${name} (desde el panel)` : 'Otra persona';
}
