import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { enqueueMail } from '../../providers/mail/outbox';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';
import { endGrantsOf } from '../entitlements/end-grants';
import { refreshAtBoundaries } from '../entitlements/refresh-at-boundaries';
import { nextChargeDateSql, nextChargeOf } from '../payments/next-charge';
import { addHistory, transitionOrder } from '../payments/orders-repository';
import { renewalReminderMail, subscriptionEndedMail } from './subscription-mails';

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionWatcher: SubscriptionWatcher;
  }
}

/** Days before an annual renewal that its reminder is mailed. */
export const RENEWAL_REMINDER_DAYS = 7;

/**
 * What happens to subscriptions with the passing of days, run by the `subscriptions.watch` job every
 * 5 minutes, once across processes (src/background-jobs.ts); one pass at a time per process, rows
 * claimed with FOR UPDATE SKIP LOCKED, so two processes never act on one order:
 * - a past-due subscription whose grace period ended unpaid: the agreement is cancelled at the
 *   provider, the order `expired`, its grant ends (yesterday; what she bought apart stays) and a
 *   mail says how to subscribe again;
 * - the users cache follows grants that start or end with the days (entitlements/refresh-at-boundaries.ts);
 * - an annual subscription renewing within 7 days: a reminder with the amount, once per renewal.
 */
export class SubscriptionWatcher {
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {}

  /** One pass; resolves to how many subscriptions it acted on. Tests await it. */
  tick(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async run(): Promise<number> {
    const ended = await this.endUnpaidGracePeriods();
    const reminded = await this.remindAnnualRenewals();
    await refreshAtBoundaries(this.app).catch((error: unknown) =>
      this.app.log.error({ err: error }, 'could not refresh access at grant boundaries'),
    );
    if (ended + reminded > 0) this.app.mail.kick();
    return ended + reminded;
  }

  private async endUnpaidGracePeriods(): Promise<number> {
    const app = this.app;
    const today = argentinaDate();
    const _yesterday = addToDate(today, { days: -1 });
    let done = 0;
    for (;;) {
      const acted = await app.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(sql`
          select id from payment_orders
           where kind = 'subscription' and status = 'active'
             and past_due_since is not null and grace_until < ${today}::date
           order by grace_until
           limit 1
           for update skip locked`);
        const id = rows[0]?.id;
        if (!id) return null;
        const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id));
        if (!order?.userId) return null;
        if (order.providerPreapprovalId) {
          // Inside the claim: a retry approved meanwhile would find the order locked, then expired.
          const gateway = app.paymentGateway;
          if (!gateway) return 'skipped' as const;
          try {
            await gateway.cancelSubscription(order.providerPreapprovalId);
          } catch (error) {
            const seen =
              error instanceof PaymentProviderError
                ? await gateway.getSubscription(order.providerPreapprovalId).catch(() => null)
                : null;
            if (seen?.status !== 'cancelled') {
              app.log.error(
                { err: error, orderId: order.id },
                'grace ended but the agreement could not be cancelled',
              );
              return 'skipped' as const;
            }
          }
        }
        await transitionOrder(tx, order.id, ['active'], 'expired', {
          actor: 'system',
          reason: 'grace period ended without payment',
          details: { graceUntil: order.graceUntil },
        });
        // Decision 90: the agreement's grant ends; what she bought apart stays.
        await endGrantsOf(tx, order.userId, { orderId: order.id }, 'expired');
        const [user] = await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, order.userId));
        if (user) {
          await enqueueMail(
            tx,
            subscriptionEndedMail({
              to: user.email,
              name: user.name,
              planName: String(order.details.planName ?? 'plan'),
              publicUrl: app.config.publicUrl,
            }),
          );
        }
        return 'expired' as const;
      });
      // A failure at the provider leaves the order for the next pass (and stops this one).
      if (acted !== 'expired') return done;
      done += 1;
    }
  }

  private async remindAnnualRenewals(): Promise<number> {
    const app = this.app;
    const today = argentinaDate();
    const horizon = addToDate(today, { days: RENEWAL_REMINDER_DAYS });
    let done = 0;
    for (;;) {
      const reminded = await app.db.transaction(async (tx) => {
        // the day and amount the provider charges next (payments/next-charge.ts), not her account's end
        const next = nextChargeDateSql(sql`o`);
        const { rows } = await tx.execute<{ id: string; end_date: string }>(sql`
          select o.id, n.end_date
            from payment_orders o cross join lateral (select ${next} as end_date) n
           where o.kind = 'subscription' and o.status = 'active' and o.frequency = 'annual'
             and o.past_due_since is null and o.cancelled_at is null
             and n.end_date::date between ${today}::date and ${horizon}::date
             and o.renewal_reminder_for is distinct from n.end_date::date
           limit 1
           for update of o skip locked`);
        const row = rows[0];
        if (!row) return false;
        const [order] = await tx
          .update(paymentOrders)
          .set({ renewalReminderFor: row.end_date, updatedAt: sql`now()` })
          .where(eq(paymentOrders.id, row.id))
          .returning();
        if (!order?.userId) return true;
        const [user] = await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, order.userId));
        if (user) {
          await enqueueMail(
            tx,
            renewalReminderMail({
              to: user.email,
              name: user.name,
              planName: String(order.details.planName ?? 'plan'),
              amountCentavos: (await nextChargeOf(tx, order))?.amountCentavos ?? order.amountCentavos,
              renewalDate: row.end_date,
              publicUrl: app.config.publicUrl,
            }),
          );
        }
        await addHistory(tx, {
          orderId: order.id,
          fromStatus: order.status,
          toStatus: order.status,
          actor: 'system',
          reason: 'annual renewal reminder mailed',
          details: { renewalDate: row.end_date },
        });
        return true;
      });
      if (!reminded) return done;
      done += 1;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}
