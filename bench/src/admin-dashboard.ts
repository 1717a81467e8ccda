import { createHmac } from 'node:crypto';
import { withBenchClient } from './generate-data';
import { log, type Settings } from './settings';

/**
 * The admin dashboard's budget (issue 18, decision 68): GET /api/admin/metrics answers in under
 * 500 ms on the benchmark's data set. The generated data set has users, purchases and progress;
 * this adds what the dashboard also reads — a subscription order and its approved payment for
 * each subscribed user, program orders, refunds, free trials and ~3 events per user over the last
 * year — then asks for the last 30, 90 and 365 days as an operator (admin) would.
 *
 * The answer carries the plans funnel (decision 0116: distinct people per step, each step only
 * those who did every earlier one, a device's events counted as its account's). So that it is
 * measured doing its real work, the data set also gets people who walk
 * the funnel — half of the users see the plans, fewer go on at each step, some first as visitors
 * on a device they later sign in on, some on a second device — and twice as many visitors who see
 * the plans without an account (`funnelWalks`), and each answer's funnel is checked: a first step
 * with people in it, no step above the one before.
 */

export interface AdminDashboardPeriod {
  days: number;
  /** people per step of the answer's funnel: saw the plans, chose one, opened, sent the checkout, paid */
  funnel: number[];
  /**
   * milliseconds of the first request, unmeasured by the budget: for a period over 31 days it is
   * the one that computes the figures the next requests read (decision 0196)
   */
  first: number;
  /** milliseconds of each measured request (after the first) */
  samples: number[];
  median: number;
  max: number;
}

export interface AdminDashboardResult {
  periods: AdminDashboardPeriod[];
  /** rows this run added for the dashboard (0 when a reused data set already had them) */
  added: { orders: number; events: number; funnelEvents: number };
  /** the slowest request of all periods */
  max: number;
}

export const adminDashboardBudgetMs = 500;
const operatorId = '00000000-0000-4000-8000-00000000ad01';
const measuredRequests = 5;

/**
 * An operator's access token exactly like the API's own after the second factor (HS256,
 * `typ: access`, `mfa: true`: plugins/authentication.ts and modules/admin/core/operator-guard.ts).
 */
export function mintOperatorToken(secret: string, userId: string, ttlSeconds = 600): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256' })}.${encode({ typ: 'access', sub: userId, mfa: true, iat: now, exp: now + ttlSeconds })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The operator and the dashboard's rows; set-based and idempotent (a reused data set keeps them). */
async function prepare(settings: Settings): Promise<AdminDashboardResult['added']> {
  const added = await prepareOrdersAndEvents(settings);
  return { ...added, funnelEvents: await funnelWalks(settings) };
}

/** h(x, salt) in [0, 1): a stable hash, so a run with the same seed adds the same rows. */
const stableHash = (settings: Settings) => (x: string, salt: number) =>
  `(('x' || substr(md5(${x} || ':${salt}:' || ${settings.seed}), 1, 8))::bit(32)::bigint / 4294967296.0)`;

/**
 * People walking the plans funnel over the last 400 days (the 365-day period sees most whole):
 * a person's events are minutes apart, each step 1–3 times. Of the users, 50 % see the plans, 20 %
 * choose one, 12 % open the checkout and 8.4 % send it; a walk's first event comes from her device
 * before she signed in (no account on it), and 30 % repeat the first step on a second device. Then
 * twice as many visitors as users see the plans with no account, a quarter of them choose a plan.
 * Idempotent: a data set that has walks keeps them. Returns the events added.
 */
async function funnelWalks(settings: Settings): Promise<number> {
  return withBenchClient(settings, async (client) => {
    const { rows } = await client.query<{ present: boolean }>(
      `select exists (select 1 from analytics_events where device_id like 'bench-funnel-%') as present`,
    );
    if (rows[0]?.present) return 0;
    const h = stableHash(settings);
    const steps = `(array['subscription_modal', 'subscription_button_clicked', 'subscription_checkout_view',
                          'subscription_checkout_submit'])`;
    const people = await client.query(
      `insert into analytics_events (event, source, device_id, user_id, properties, client_timestamp, received_at)
       select ${steps}[s.n], 'web',
              'bench-funnel-' || u.id || case when r.j = 2 and ${h('u.id::text', 11)} < 0.3 then '-b' else '-a' end,
              case when s.n = 1 and r.j = 1 then null else u.id end, '{}'::jsonb, e.at, e.at
         from users u
         cross join lateral (select case when ${h('u.id::text', 8)} < 0.084 then 4
                                         when ${h('u.id::text', 8)} < 0.12 then 3
                                         when ${h('u.id::text', 8)} < 0.2 then 2
                                         when ${h('u.id::text', 8)} < 0.5 then 1 else 0 end as depth,
                                    now() - make_interval(mins => floor(${h('u.id::text', 9)} * 576000)::int) as start) w
         cross join lateral generate_series(1, w.depth) s(n)
         cross join lateral generate_series(1, 1 + floor(${h('u.id::text || s.n', 10)} * 3)::int) r(j)
         cross join lateral (select least(now(), w.start + make_interval(mins => s.n * 4 + r.j)) as at) e
        where u.role is null`,
    );
    const visitors = await client.query(
      `insert into analytics_events (event, source, device_id, user_id, properties, client_timestamp, received_at)
       select ${steps}[s.n], 'web', 'bench-funnel-visitor-' || v, null, '{}'::jsonb, e.at, e.at
         from generate_series(1, (select 2 * count(*) from users where role is null)::int) v
         cross join lateral (select case when ${h('v::text', 12)} < 0.25 then 2 else 1 end as depth,
                                    now() - make_interval(mins => floor(${h('v::text', 13)} * 576000)::int) as start) w
         cross join lateral generate_series(1, w.depth) s(n)
         cross join lateral generate_series(1, 1 + floor(${h('v::text || s.n', 14)} * 2)::int) r(j)
         cross join lateral (select least(now(), w.start + make_interval(mins => s.n * 4 + r.j)) as at) e`,
    );
    await client.query('analyze analytics_events');
    return (people.rowCount ?? 0) + (visitors.rowCount ?? 0);
  });
}

async function prepareOrdersAndEvents(settings: Settings): Promise<{ orders: number; events: number }> {
  return withBenchClient(settings, async (client) => {
    await client.query(
      `insert into users (id, email, name, role, email_verified_at)
       values ($1, 'tablero@bench.alcancia.local', 'Admin del bench', 'admin', now())
       on conflict (id) do update set role = 'admin', deleted_at = null`,
      [operatorId],
    );
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from payment_orders where idempotency_key like 'bench-dash-%'`,
    );
    if (Number(rows[0]?.n ?? 0) > 0) return { orders: 0, events: 0 };
    const h = stableHash(settings);
    const orders = await client.query(
      `insert into payment_orders (kind, user_id, payer_email, item_id, description, frequency, amount_centavos,
                                   status, idempotency_key, cancelled_at, created_at, updated_at)
       select 'subscription', u.id, u.email, u.subscription_plan_id, 'Suscripción', f.frequency,
              case f.frequency when 'annual' then 9504000 else 990000 end,
              case when ${h('u.id::text', 1)} < 0.8 then 'active' when ${h('u.id::text', 1)} < 0.9 then 'cancelled' else 'expired' end,
              'bench-dash-' || u.id,
              case when ${h('u.id::text', 1)} >= 0.8 and ${h('u.id::text', 1)} < 0.9 then c.at + interval '20 days' end,
              c.at, c.at
         from users u
         cross join lateral (select case when ${h('u.id::text', 2)} < 0.7 then 'monthly' else 'annual' end as frequency) f
         cross join lateral (select now() - make_interval(days => floor(${h('u.id::text', 3)} * 400)::int) as at) c
        where u.subscription_plan_id is not null and u.role is null`,
    );
    await client.query(
      `insert into payment_orders (kind, user_id, payer_email, item_id, description, amount_centavos, status,
                                   idempotency_key, created_at, updated_at)
       select 'program', p.user_id, 'x@bench.alcancia.local', p.product_id, 'Programa', 4500000, 'paid',
              'bench-dash-p-' || p.id, p.created_at, p.created_at
         from user_purchases p`,
    );
    await client.query(
      `insert into payments (order_id, provider_payment_id, status, amount_centavos, approved_at, created_at, updated_at)
       select o.id, 'bench-dash-' || o.id, 'approved', o.amount_centavos, o.created_at, o.created_at, o.created_at
         from payment_orders o where o.idempotency_key like 'bench-dash-%'`,
    );
    await client.query(
      `insert into payment_refunds (payment_id, amount_centavos, status, reason, succeeded_at, created_at, updated_at)
       select p.id, p.amount_centavos, 'SUCCESS', 'withdrawal', p.approved_at + interval '3 days', p.approved_at, p.approved_at
         from payments p where p.provider_payment_id like 'bench-dash-%' and ${h('p.id::text', 4)} < 0.02`,
    );
    await client.query(
      `insert into free_trials (user_id, plan_id, created_at)
       select o.user_id, o.item_id, o.created_at from payment_orders o
        where o.kind = 'subscription' and o.idempotency_key like 'bench-dash-%' and ${h('o.id::text', 5)} < 0.3`,
    );
    const events = await client.query(
      `insert into analytics_events (event, source, device_id, user_id, properties, client_timestamp, received_at)
       select e.event, 'web', 'bench-device-' || u.id, u.id, '{}'::jsonb, t.at, t.at
         from users u
         cross join generate_series(1, 3) j
         cross join lateral (select (array['subscription_modal', 'subscription_button_clicked',
                'subscription_checkout_view', 'subscription_checkout_submit', 'academy_course_view',
                'logged_in'])[1 + floor(${h('u.id::text || j', 6)} * 6)::int] as event) e
         cross join lateral (select now() - make_interval(mins => floor(${h('u.id::text || j', 7)} * 525600)::int) as at) t
        where u.role is null`,
    );
    await client.query(
      'analyze users, payment_orders, payments, payment_refunds, free_trials, analytics_events, course_progress',
    );
    return { orders: orders.rowCount ?? 0, events: events.rowCount ?? 0 };
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * The people per step of an answer's funnel; throws when the funnel is missing, empty at its
 * first step, or has a step above the one before (then the timing would not be the funnel's).
 */
export function funnelOf(body: string, days: number): number[] {
  const answer = JSON.parse(body) as { funnel?: { step: string; count: number }[] };
  const counts = (answer.funnel ?? []).map((step) => step.count);
  const where = `GET /api/admin/metrics, ${days} days`;
  if (counts.length < 5) throw new Error(`${where}: the answer has no funnel of 5 steps`);
  if (!((counts[0] ?? 0) > 0)) throw new Error(`${where}: nobody in the funnel's first step`);
  counts.forEach((count, index) => {
    if (index > 0 && count > (counts[index - 1] ?? 0))
      throw new Error(
        `${where}: funnel step ${index + 1} (${count}) above the one before (${counts[index - 1]})`,
      );
  });
  return counts;
}

/** Measures GET /api/admin/metrics on the API at `apiUrl` (one request at a time). */
export async function measureAdminDashboard(
  settings: Settings,
  apiUrl: string,
): Promise<AdminDashboardResult> {
  const added = await prepare(settings);
  const token = mintOperatorToken(settings.jwtSecret, operatorId);
  const periods: AdminDashboardPeriod[] = [];
  for (const days of [30, 90, 365]) {
    const url = `${apiUrl}/api/admin/metrics?from=${day(1 - days)}&to=${day(0)}`;
    const samples: number[] = [];
    let funnel: number[] = [];
    let first = 0;
    for (let i = 0; i <= measuredRequests; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200)
        throw new Error(`GET /api/admin/metrics: ${response.status} ${body.slice(0, 200)}`);
      if (i > 0) samples.push(elapsed);
      else first = elapsed;
      funnel = funnelOf(body, days);
    }
    const period = { days, funnel, first, samples, median: median(samples), max: Math.max(...samples) };
    log(
      `   GET /api/admin/metrics, ${days} days: first ${first.toFixed(0)} ms, then median ${period.median.toFixed(0)} ms, max ${period.max.toFixed(0)} ms; funnel ${funnel.map((n) => n.toLocaleString('en')).join(' → ')}`,
    );
    periods.push(period);
  }
  return { periods, added, max: Math.max(...periods.map((p) => p.max)) };
}

/** The budget row of docs/performance.md. */
export function adminDashboardBudget(result: AdminDashboardResult | undefined): {
  budget: string;
  measured: string;
  status: 'met' | 'missed' | 'not measured';
} {
  return {
    budget: `GET /api/admin/metrics ≤ ${adminDashboardBudgetMs} ms (30, 90 and 365 days, funnel included)`,
    measured: result
      ? `max ${result.max.toFixed(0)} ms (${result.periods.map((p) => `${p.days} d: median ${p.median.toFixed(0)}`).join(', ')}); first request, which computes a period over 31 days: ${result.periods.map((p) => `${p.days} d ${p.first.toFixed(0)} ms`).join(', ')}`
      : '–',
    status: result ? (result.max <= adminDashboardBudgetMs ? 'met' : 'missed') : 'not measured',
  };
}
