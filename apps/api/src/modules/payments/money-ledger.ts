import type { AdminRefundState } from '@alcancia/contract/admin';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { paymentOrders, payments, users } from '../../db/schema';
import type { Db } from '../../db/transaction';

/**
 * One ledger of money per person (issue 27, decision 0190). Every figure of money that Mi cuenta,
 * the receipts, the back office's member page and the dashboard show comes from here:
 * - whose payments are hers: `herOrders` (one rule for all of them);
 * - what a payment charged and what of it went back: its movements (`ledgerMovements`): the charge
 *   (an approved payment), each refund we made (a withdrawal, an operator's full or partial refund,
 *   an upgrade's prorated refund, a duplicate payment's), and what the provider refunded without us
 *   asking (a chargeback, a refund from its panel), each with the provider's ids. A payment's
 *   refunded amount (payments.refunded_centavos, what Mi cuenta, the receipt and the member page
 *   show) is the sum of its refund movements.
 */

/**
 * What became of a payment's money, the one answer the back office shows (its payments list, the
 * member page and the audit entry of a refund): refunded when its refunds reach what it charged
 * (or the provider says so), in progress while a refund we asked for is not done, partly refunded,
 * or not refunded. `inProgressCentavos`: its refunds still PENDING.
 */
export function refundStateOf(
  payment: { status: string; amountCentavos: number; refundedCentavos: number },
  inProgressCentavos = 0,
): AdminRefundState {
  if (payment.status === 'refunded' || payment.refundedCentavos >= payment.amountCentavos) return 'refunded';
  if (inProgressCentavos > 0) return 'refund_in_progress';
  return payment.refundedCentavos > 0 ? 'partially_refunded' : 'not_refunded';
}

/** The kinds of refund in the ledger: payment_refunds.reason, and `provider` for one we did not ask. */
/**
 * What refunds asked for and not settled yet (PENDING) take from a payment, in centavos: they count
 * as given, so what is left to refund or withdraw never goes below zero. One expression for her
 * payments (her-payments.ts) and the back office's (admin/payments/payment-views.ts).
 */
export const pendingRefundCentavos = sql<number>`coalesce((select sum(r.amount_centavos) from payment_refunds r
  where r.payment_id = ${payments.id} and r.status = 'PENDING'), 0)::int`;

export type RefundReason = 'withdrawal' | 'operator' | 'upgrade' | 'duplicate_payment' | 'provider';

export interface LedgerMovement {
  type: 'charge' | 'refund';
  /** refunds: why (RefundReason); null for a charge */
  reason: RefundReason | null;
  paymentId: number;
  orderId: string;
  /** subscription, program (a pack's content kind says PACK), guest_tier */
  orderKind: string;
  contentKind: string | null;
  personId: string | null;
  providerPaymentId: string;
  /** the provider's refund id, when it gave one */
  providerRefundId: string | null;
  /** centavos, always positive: a refund takes it back */
  amountCentavos: number;
  at: Date;
}

export interface LedgerTotals {
  charges: number;
  /** charges by what was sold */
  charged: {
    subscriptions: number;
    programs: number;
    packs: number;
    guestMemberships: number;
    total: number;
  };
  refunds: number;
  refunded: number;
  /** refunded by reason */
  refundedBy: Partial<Record<RefundReason, number>>;
  /** charged − refunded */
  net: number;
}

/**
 * Whose payments are hers: the orders of her account, and guest orders (no account yet) paid with
 * her e-mail (any case) once she validated it. A guest order that bought something is linked to
 * her account when granted; the e-mail match shows her the attempts that bought nothing.
 */
export function herOrders(user: { id: string; email: string; emailVerifiedAt: Date | null }): SQL {
  const own = eq(paymentOrders.userId, user.id);
  if (!user.emailVerifiedAt) return own;
  return or(
    own,
    and(
      isNull(paymentOrders.userId),
      eq(paymentOrders.kind, 'guest_tier'),
      sql`lower(${paymentOrders.payerEmail}) = ${user.email.toLowerCase()}`,
    ),
  ) as SQL;
}

/** `herOrders` of an account by its id (an unknown id owns nothing). */
export async function herOrdersOf(db: Db, userId: string): Promise<SQL> {
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user ? herOrders(user) : sql`false`;
}

/**
 * Every movement whose order matches `orders` (a condition on payment_orders, e.g. herOrders) and
 * whose time is in [from, to) when given: charges by approval, refunds by success, a provider's own
 * refund by the payment's last update. Oldest first.
 */
export function movementsQuery(orders: SQL | undefined, period?: { from: SQL; to: SQL }): SQL {
  const which = orders ?? sql`true`;
  const inPeriod = (column: SQL) =>
    period ? sql`${column} >= ${period.from} and ${column} < ${period.to}` : sql`true`;
  return sql`
    select 'charge' as type, null as reason, p.id as payment_id, payment_orders.id as order_id, payment_orders.kind as order_kind,
           c.kind as content_kind, payment_orders.user_id as person_id, p.provider_payment_id, null as provider_refund_id,
           p.amount_centavos as amount, p.approved_at as at
      from payments p
      join payment_orders on payment_orders.id = p.order_id
      left join courses c on payment_orders.kind = 'program' and c.id = payment_orders.item_id
     where p.approved_at is not null and ${inPeriod(sql`p.approved_at`)} and ${which}
    union all
    select 'refund', r.reason, p.id, payment_orders.id, payment_orders.kind, c.kind, payment_orders.user_id, p.provider_payment_id, r.provider_refund_id,
           r.amount_centavos, r.succeeded_at
      from payment_refunds r
      join payments p on p.id = r.payment_id
      join payment_orders on payment_orders.id = p.order_id
      left join courses c on payment_orders.kind = 'program' and c.id = payment_orders.item_id
     where r.status = 'SUCCESS' and ${inPeriod(sql`r.succeeded_at`)} and ${which}
    union all
    select 'refund', 'provider', p.id, payment_orders.id, payment_orders.kind, c.kind, payment_orders.user_id, p.provider_payment_id, null,
           p.refunded_centavos - x.ours, p.updated_at
      from payments p
      join payment_orders on payment_orders.id = p.order_id
      left join courses c on payment_orders.kind = 'program' and c.id = payment_orders.item_id
      cross join lateral (select coalesce(sum(r.amount_centavos), 0)::int as ours from payment_refunds r
                           where r.payment_id = p.id and r.status = 'SUCCESS') x
     where p.refunded_centavos > 0 and p.refunded_centavos > x.ours and ${inPeriod(sql`p.updated_at`)} and ${which}`;
}

type Row = Record<string, unknown>;

function toMovement(r: Row): LedgerMovement {
  return {
    type: r.type === 'refund' ? 'refund' : 'charge',
    reason: r.reason === null ? null : (String(r.reason) as RefundReason),
    paymentId: Number(r.payment_id),
    orderId: String(r.order_id),
    orderKind: String(r.order_kind),
    contentKind: r.content_kind === null ? null : String(r.content_kind),
    personId: r.person_id === null ? null : String(r.person_id),
    providerPaymentId: String(r.provider_payment_id),
    providerRefundId: r.provider_refund_id === null ? null : String(r.provider_refund_id),
    amountCentavos: Number(r.amount),
    at: r.at instanceof Date ? r.at : new Date(String(r.at)),
  };
}

/** The movements of `orders` (in a period, when given), oldest first. */
export async function ledgerMovements(
  db: Db,
  orders: SQL | undefined,
  period?: { from: SQL; to: SQL },
): Promise<LedgerMovement[]> {
  const { rows } = await db.execute<Row>(
    sql`select * from (${movementsQuery(orders, period)}) m order by m.at, m.payment_id, m.type`,
  );
  return rows.map(toMovement);
}

/** Her movements: every charge and refund of her orders, oldest first. */
export async function herLedger(db: Db, userId: string): Promise<LedgerMovement[]> {
  return ledgerMovements(db, await herOrdersOf(db, userId));
}

/** The totals of a list of movements: what the dashboard shows for a period, or for one person. */
export function totalsOf(movements: LedgerMovement[]): LedgerTotals {
  const charged = { subscriptions: 0, programs: 0, packs: 0, guestMemberships: 0, total: 0 };
  const refundedBy: Partial<Record<RefundReason, number>> = {};
  let charges = 0;
  let refunds = 0;
  let refunded = 0;
  for (const m of movements) {
    if (m.type === 'charge') {
      charges++;
      charged.total += m.amountCentavos;
      if (m.orderKind === 'subscription') charged.subscriptions += m.amountCentavos;
      else if (m.orderKind === 'guest_tier') charged.guestMemberships += m.amountCentavos;
      else if (m.contentKind === 'PACK') charged.packs += m.amountCentavos;
      else charged.programs += m.amountCentavos;
    } else {
      refunds++;
      refunded += m.amountCentavos;
      const reason = m.reason ?? 'provider';
      refundedBy[reason] = (refundedBy[reason] ?? 0) + m.amountCentavos;
    }
  }
  return { charges, charged, refunds, refunded, refundedBy, net: charged.total - refunded };
}

/**
 * The dashboard's money for a period of instants [from, to): charged by what was sold, and
 * refunded (count and amount), summed in SQL over the same movements.
 */
export async function ledgerTotalsInPeriod(db: Db, period: { from: SQL; to: SQL }): Promise<LedgerTotals> {
  const { rows } = await db.execute<Row>(sql`
    select
      count(*) filter (where type = 'charge')::int as charges,
      coalesce(sum(amount) filter (where type = 'charge' and order_kind = 'subscription'), 0)::bigint as subscriptions,
      coalesce(sum(amount) filter (where type = 'charge' and order_kind = 'program' and content_kind is distinct from 'PACK'), 0)::bigint as programs,
      coalesce(sum(amount) filter (where type = 'charge' and order_kind = 'program' and content_kind = 'PACK'), 0)::bigint as packs,
      coalesce(sum(amount) filter (where type = 'charge' and order_kind = 'guest_tier'), 0)::bigint as guest_memberships,
      count(*) filter (where type = 'refund')::int as refunds,
      coalesce(sum(amount) filter (where type = 'refund'), 0)::bigint as refunded,
      coalesce(jsonb_object_agg(reason, by_reason) filter (where reason is not null), '{}'::jsonb) as refunded_by
    from (select *, sum(amount) over (partition by type, reason) as by_reason
            from (${movementsQuery(undefined, period)}) m) m`);
  const r = rows[0] ?? {};
  const n = (key: string) => Number(r[key] ?? 0);
  const charged = {
    subscriptions: n('subscriptions'),
    programs: n('programs'),
    packs: n('packs'),
    guestMemberships: n('guest_memberships'),
    total: 0,
  };
  charged.total = charged.subscriptions + charged.programs + charged.packs + charged.guestMemberships;
  const refundedBy = Object.fromEntries(
    Object.entries((r.refunded_by ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Number(v)]),
  ) as Partial<Record<RefundReason, number>>;
  return {
    charges: n('charges'),
    charged,
    refunds: n('refunds'),
    refunded: n('refunded'),
    refundedBy,
    net: charged.total - n('refunded'),
  };
}
