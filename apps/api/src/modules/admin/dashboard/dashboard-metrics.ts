import {
  type Metrics,
  type MetricsFunnelStep,
  type MetricsQuery,
  metricsMaxDays,
  metricsSchema,
} from '@alcancia/contract/admin';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { AppError } from '../../../errors';
import { argentinaDate } from '../../../lib/argentina-date';
import { ledgerTotalsInPeriod } from '../../payments/money-ledger';

const zone = sql.raw(`'America/Argentina/Buenos_Aires'`);
/** Start of an Argentina day (UTC−3) as an instant. */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone ${zone})`;
/** An instant's Argentina calendar date. */
const dayOf = (column: SQL) => sql`(${column} at time zone ${zone})::date`;

/**
 * A reactivation (a new agreement for a subscription she cancelled before its end) continues her
 * subscription: it is not a new one, and the cancellation it took back is not churn (decision 0280).
 */
const notReactivation = sql.raw(`(details ->> 'reactivates') is null`);
const notReactivated =
  sql.raw(`not exists (select 1 from payment_orders r where r.user_id = payment_orders.user_id
             and r.kind = 'subscription' and r.details ->> 'reactivates' = payment_orders.id::text)`);

/** Statuses a subscription order reaches only after it was active once. */
const everActive = sql.raw(`('active', 'cancelled', 'replaced', 'expired', 'withdrawn', 'refunded')`);
/** Statuses of an agreement that ended (by replacement, expiry, withdrawal or refund). */
const ended = sql.raw(`('replaced', 'expired', 'withdrawn', 'refunded')`);
/** An order's per-period amount turned into a month's (payment_orders.frequency). */
const monthlyAmount = sql.raw(`(amount_centavos::numeric / case frequency
    when 'weekly' then 7.0 / 30 when 'fortnightly' then 0.5 when 'monthly' then 1 when 'bimonthly' then 2
    when 'quarterly' then 3 when 'fourMonthly' then 4 when 'semester' then 6 when 'annual' then 12 else 1 end)`);

export const funnelEvents = [
  'subscription_modal',
  'subscription_button_clicked',
  'subscription_checkout_view',
  'subscription_checkout_submit',
] as const;

const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The period asked for, with its defaults (the last 30 days up to today, Argentina dates). */
export function metricsPeriod(query: MetricsQuery, today = argentinaDate()): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? addDays(query.from, 29) : today);
  const from = query.from ?? addDays(to, -29);
  if (from > to)
    throw new AppError('INVALID_DATA', 400, 'La fecha de inicio tiene que ser anterior a la de fin.');
  if (daysBetween(from, to) + 1 > metricsMaxDays)
    throw new AppError('INVALID_DATA', 400, `El período puede tener hasta ${metricsMaxDays} días.`);
  return { from, to };
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> =>
  (await db.execute(query)).rows as Row[];
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

/**
 * The dashboard's figures for a period of Argentina dates (both inclusive): every one is SQL over
 * the real tables, each query bounded by an indexed time column (migration 0020). Independent
 * queries run together on the pool.
 */
export async function dashboardMetrics(
  db: Database,
  period: { from: string; to: string },
  today = argentinaDate(),
): Promise<Metrics> {
  const f = dayStart(period.from);
  const t = sql`(${dayStart(period.to)} + interval '1 day')`;
  /** subscribed on the period's last day, or today when the period reaches past it */
  const activeOn = period.to < today ? period.to : today;

  const [people, byPlan, subscriptions, money, progress, funnel, days] = await Promise.all([
    rowsOf(
      db,
      sql`select
        (select count(*) from users where created_at >= ${f} and created_at < ${t} and role is null)::int as sign_ups,
        (select count(*) from users where email_verified_at >= ${f} and email_verified_at < ${t} and role is null)::int as validated,
        (select count(*) from free_trials where created_at >= ${f} and created_at < ${t})::int as trials`,
    ),
    rowsOf(
      db,
      sql`select u.subscription_plan_id as plan_id, coalesce(p.name, u.subscription_plan_id) as plan_name, count(*)::int as count
        from users u left join subscription_plans p on p.id = u.subscription_plan_id
        where u.subscription_end_date >= ${activeOn}::date and u.subscription_plan_id is not null and u.role is null
        group by 1, 2 order by 3 desc, 2`,
    ),
    rowsOf(
      db,
      sql`select
        (select count(*) from payment_orders where kind = 'subscription' and created_at >= ${f} and created_at < ${t}
           and replaces_order_id is null and status in ${everActive} and ${notReactivation})::int as new_subscriptions,
        (select count(*) from payment_orders where kind = 'subscription' and cancelled_at >= ${f} and cancelled_at < ${t}
           and ${notReactivated})::int as cancelled,
        (select count(*) from payment_orders where kind = 'subscription' and created_at < ${f} and status in ${everActive}
           and (cancelled_at is null or cancelled_at >= ${f})
           and not (status in ${ended} and updated_at < ${f}))::int as live_at_start,
        (select coalesce(round(sum(${monthlyAmount})), 0)::bigint from payment_orders
           where kind = 'subscription' and status = 'active' and cancelled_at is null) as mrr`,
    ),
    // charges and refunds: the money ledger's movements (decision 0190), as Mi cuenta and the member page
    ledgerTotalsInPeriod(db, { from: f, to: t }),
    rowsOf(
      db,
      sql`select
        (select count(*) from course_progress where started_at >= ${f} and started_at < ${t})::int as starts,
        (select count(*) from course_progress where finished_at >= ${f} and finished_at < ${t})::int as completions`,
    ),
    // Distinct people per step, each later step only among those who did every earlier one in the
    // period (so no step outnumbers the one before). A person is the account a device's events
    // named (a visitor who signs in on the way stays one person), else the device. Ids are hashed
    // (64 bits) into in-memory hashes: a sort of the text ids by collation spilled to disk. One
    // pass over the events groups them by device (its steps and its account), a second groups the
    // devices by person: a join of every event back to its device took 40 % longer at 365 days.
    // `paid`: those people whose account started a new subscription in the period.
    db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      const [viewed, chosen, opened, sent] = funnelEvents.map((event) => sql`${event}`);
      return rowsOf(
        tx,
        sql`with d as (
            select hashtextextended(a.device_id, 0) as device, min(a.user_id::text) as user_id,
                   bool_or(a.event = ${viewed}) as s1, bool_or(a.event = ${chosen}) as s2,
                   bool_or(a.event = ${opened}) as s3, bool_or(a.event = ${sent}) as s4
              from analytics_events a
             where a.event in (${sql.join(
               funnelEvents.map((event) => sql`${event}`),
               sql`, `,
             )}) and a.received_at >= ${f} and a.received_at < ${t}
             group by 1),
          p as (select coalesce(hashtextextended(d.user_id, 0), d.device) as person,
                  bool_or(s1) as s1, bool_or(s2) as s2, bool_or(s3) as s3, bool_or(s4) as s4
                from d group by 1),
          paid as (select distinct hashtextextended(user_id::text, 0) as person from payment_orders
                where kind = 'subscription' and created_at >= ${f} and created_at < ${t}
                  and replaces_order_id is null and status in ${everActive} and user_id is not null
                  and ${notReactivation})
          select count(*) filter (where s1)::int as s1,
                 count(*) filter (where s1 and s2)::int as s2,
                 count(*) filter (where s1 and s2 and s3)::int as s3,
                 count(*) filter (where s1 and s2 and s3 and s4)::int as s4,
                 count(*) filter (where s1 and s2 and s3 and s4 and person in (select person from paid))::int as paid
            from p`,
      );
    }),
    rowsOf(
      db,
      sql`with d as (select generate_series(${period.from}::date, ${period.to}::date, interval '1 day')::date as day),
        s as (select ${dayOf(sql`created_at`)} as day, count(*)::int as n from users
               where created_at >= ${f} and created_at < ${t} and role is null group by 1),
        n as (select ${dayOf(sql`created_at`)} as day, count(*)::int as n from payment_orders
               where kind = 'subscription' and created_at >= ${f} and created_at < ${t}
                 and replaces_order_id is null and status in ${everActive} and ${notReactivation} group by 1),
        c as (select ${dayOf(sql`cancelled_at`)} as day, count(*)::int as n from payment_orders
               where kind = 'subscription' and cancelled_at >= ${f} and cancelled_at < ${t}
                 and ${notReactivated} group by 1),
        r as (select ${dayOf(sql`approved_at`)} as day, sum(amount_centavos)::bigint as n from payments
               where approved_at >= ${f} and approved_at < ${t} group by 1)
        select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(s.n, 0) as sign_ups, coalesce(n.n, 0) as new_subscriptions,
               coalesce(c.n, 0) as cancelled, coalesce(r.n, 0) as revenue
          from d left join s using (day) left join n using (day) left join c using (day) left join r using (day)
         order by d.day`,
    ),
  ]);

  const p = people[0] ?? {};
  const s = subscriptions[0] ?? {};
  const activeSubscribersByPlan = byPlan.map((row) => ({
    planId: String(row.plan_id),
    planName: String(row.plan_name),
    count: num(row.count),
  }));
  const steps = funnel[0] ?? {};
  const newSubscriptions = num(s.new_subscriptions);
  const cancelled = num(s.cancelled);
  const liveAtStart = num(s.live_at_start);
  return metricsSchema.parse({
    from: period.from,
    to: period.to,
    signUps: num(p.sign_ups),
    validatedAccounts: num(p.validated),
    activeSubscribersByPlan,
    activeSubscribers: activeSubscribersByPlan.reduce((sum, row) => sum + row.count, 0),
    trialsStarted: num(p.trials),
    newSubscriptions,
    cancelledSubscriptions: cancelled,
    mrr: num(s.mrr),
    churnRate: liveAtStart > 0 ? cancelled / liveAtStart : null,
    revenue: {
      subscriptions: money.charged.subscriptions,
      programs: money.charged.programs,
      packs: money.charged.packs,
      guestMemberships: money.charged.guestMemberships,
      total: money.charged.total,
    },
    refunds: { count: money.refunds, amount: money.refunded },
    courseStarts: num(progress[0]?.starts),
    courseCompletions: num(progress[0]?.completions),
    funnel: [
      ...funnelEvents.map((step, index): MetricsFunnelStep => ({ step, count: num(steps[`s${index + 1}`]) })),
      { step: 'paid', count: num(steps.paid) },
    ],
    days: days.map((row) => ({
      date: String(row.date),
      signUps: num(row.sign_ups),
      newSubscriptions: num(row.new_subscriptions),
      cancelledSubscriptions: num(row.cancelled),
      revenue: num(row.revenue),
    })),
    generatedAt: new Date().toISOString(),
  });
}
