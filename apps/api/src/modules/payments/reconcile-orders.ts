import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { PaymentNotFoundError } from '../../providers/payments/payment-gateway';
import { externalReferenceOf, findOrder, type OrderRow } from './orders-repository';
import { syncHostedCheckout } from './sync-hosted-checkout';
import { syncProviderPayment } from './sync-payment';
import { syncProviderPreapproval } from './sync-preapproval';

/**
 * How long an order waits for its notification before it is asked about: a checkout answers within
 * seconds (its own wait for the first charge included), so an order still open a minute on was
 * left by a process that died, or its notification was lost (issue 39 point 10).
 */
export const defaultMinAgeMs = 60_000;

export interface ReconcileOptions {
  /** How long an order waits for its notification before it is asked about (default a minute). */
  minAgeMs?: number;
  /**
   * A process starting: every order in flight from before `startedAt` is asked about now, whatever
   * its age and unless asked since (a crash left it; decision 0279). Replaces `minAgeMs`.
   */
  startedAt?: Date;
  /** Most orders asked about in one run (default 100; the next run goes on). */
  limit?: number;
}

export interface ReconcileResult {
  /** orders asked about */
  checked: number;
  /** orders whose records changed: the provider knew something a notification never told us */
  reconciled: number;
  /** orders the provider could not be asked about (tried again on the next run) */
  failed: number;
}

/** Checkouts are asked about for a week, payments in process and renewals for 30 days. */
const checkoutWindowDays = 7;
const followUpWindowDays = 30;

/**
 * The orders whose notification may have been lost, most neglected first:
 * - checkouts still `created`, `pending` or `error` (a lost create answer, a lost first charge);
 * - orders with a payment we hold as in process (its settlement was never notified);
 * - active subscriptions whose paid period ended with no word of the renewal.
 * Each is asked about again when half its age has passed since the last time (`reconciled_at`):
 * at about 1, 2, 4, 8 minutes… so an abandoned checkout costs some fifteen questions in a week.
 * With `startedAt` (a process starting): the orders in flight from before it, not asked since.
 */
async function ordersToReconcile(
  app: FastifyInstance,
  minAgeMs: number,
  limit: number,
  startedAt: Date | null,
): Promise<string[]> {
  const due = startedAt
    ? sql`due.since <= ${startedAt.toISOString()}::timestamptz
       and (o.reconciled_at is null or o.reconciled_at < ${startedAt.toISOString()}::timestamptz)`
    : sql`due.since <= now() - make_interval(secs => ${minAgeMs / 1000})
       and (o.reconciled_at is null
            or o.reconciled_at < due.since
            or o.reconciled_at <= now() - (now() - due.since) / 2)`;
  const today = argentinaDate();
  const { rows } = await app.db.execute<{ id: string }>(sql`
    with candidates as (
      select o.id, o.created_at as since
        from payment_orders o
       where o.status in ('created', 'pending', 'error')
         and o.created_at > now() - make_interval(days => ${checkoutWindowDays})
      union all
      select p.order_id, p.updated_at
        from payments p
       where p.status in ('pending', 'in_process', 'authorized')
         and p.updated_at > now() - make_interval(days => ${followUpWindowDays})
      union all
      select o.id, (u.subscription_end_date + 1)::timestamptz
        from payment_orders o
        join users u on u.id = o.user_id
       where o.kind = 'subscription' and o.status = 'active' and o.past_due_since is null
         and u.subscription_end_date < ${today}::date
         and u.subscription_end_date >= ${today}::date - ${followUpWindowDays}::int
    ), due as (
      select id, max(since) as since from candidates group by id
    )
    select o.id
      from due
      join payment_orders o on o.id = due.id
     where ${due}
     order by o.reconciled_at nulls first, due.since
     limit ${limit}`);
  return rows.map((r) => r.id);
}

/** What reconciling can change about an order: its status and its payments. */
async function fingerprint(app: FastifyInstance, orderId: string): Promise<string> {
  const { rows } = await app.db.execute<{ state: string }>(sql`
    select o.status || ' ' || coalesce(
             (select string_agg(p.provider_payment_id || ':' || p.status || ':' || p.refunded_centavos, ',' order by p.id)
                from payments p where p.order_id = o.id), '') as state
      from payment_orders o where o.id = ${orderId}`);
  return rows[0]?.state ?? '';
}

/**
 * Asks the provider about one order and applies its answer through the webhook's own path
 * (syncProviderPayment, syncProviderPreapproval, syncHostedCheckout), which records a payment once
 * and grants an order once, however often it runs.
 */
async function reconcileOrder(app: FastifyInstance, order: OrderRow): Promise<void> {
  if (order.provider === 'HOSTED') {
    if (app.hostedCheckout && order.providerPreferenceId) {
      await syncHostedCheckout(app, order.providerPreferenceId, 'system').catch((error: unknown) => {
        if (!(error instanceof PaymentNotFoundError)) throw error;
      });
    }
    return;
  }
  const gateway = app.paymentGateway;
  if (!gateway || order.provider !== gateway.provider) return;
  const { rows: stored } = await app.db.execute<{
    id: string;
    status: string;
    refunded: number;
    granted: boolean;
  }>(sql`
    select provider_payment_id as id, status, refunded_centavos as refunded, granted_at is not null as granted
      from payments where order_id = ${order.id}`);
  const known = new Map(stored.map((p) => [p.id, p]));
  // A payment is stored in one transaction and applied to its order in the next: a process that
  // died between them (SIGKILL, test/faults/api-sigkill.test.ts) left it recorded as the provider
  // says but not applied. So an order still open, or an approved payment not granted, is synced
  // again even when the stored payment matches (applying is idempotent).
  const open = ['created', 'pending', 'error'].includes(order.status);
  // Oldest first: a first charge is granted before a renewal extends it.
  const charges = (await gateway.searchPayments(externalReferenceOf(order))).reverse();
  for (const charge of charges) {
    const ours = known.get(charge.id);
    const applied = !open && (ours?.granted || charge.status !== 'approved');
    if (ours && applied && ours.status === charge.status && Number(ours.refunded) === charge.refundedCentavos)
      continue;
    await syncProviderPayment(app, charge.id, 'system');
  }
  if (order.providerPreapprovalId && ['created', 'pending', 'error', 'active'].includes(order.status)) {
    try {
      await syncProviderPreapproval(app, order.providerPreapprovalId);
    } catch (error) {
      if (!(error instanceof PaymentNotFoundError)) throw error;
    }
  }
}

/**
 * Webhooks reconciliation: finds the orders whose notification may have been lost (see
 * `ordersToReconcile`; at least `minAgeMs` old, a minute by default) and asks the provider for
 * their real state, which the webhook's own code path applies: an order is granted once,
 * whichever of the notification and this gets there first, and a second run changes nothing.
 * The `payments.reconcile` job runs it every minute, once across processes, and each process
 * runs it once as it starts for the orders in flight before it (`startedAt`, decision 0279); it
 * logs "reconciled N of M orders" when it asked about any.
 */
export async function reconcileOrders(
  app: FastifyInstance,
  options: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const ids = await ordersToReconcile(
    app,
    options.minAgeMs ?? defaultMinAgeMs,
    options.limit ?? 100,
    options.startedAt ?? null,
  );
  const result: ReconcileResult = { checked: 0, reconciled: 0, failed: 0 };
  for (const id of ids) {
    const order = await findOrder(app.db, id);
    if (!order) continue;
    result.checked += 1;
    const before = await fingerprint(app, id);
    try {
      await reconcileOrder(app, order);
    } catch (error) {
      result.failed += 1;
      app.log.warn({ err: error, orderId: id }, 'order not reconciled: the provider could not be asked');
      continue;
    }
    await app.db.update(paymentOrders).set({ reconciledAt: sql`now()` }).where(eq(paymentOrders.id, id));
    if ((await fingerprint(app, id)) !== before) result.reconciled += 1;
  }
  if (result.checked > 0) {
    app.log.info(result, `reconciled ${result.reconciled} of ${result.checked} orders`);
  }
  return result;
}
