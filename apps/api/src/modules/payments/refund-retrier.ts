import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentRefunds } from '../../db/schema';
import { attemptRefund, type RefundRow } from './refund-payment';

declare module 'fastify' {
  interface FastifyInstance {
    refundRetrier: RefundRetrier;
  }
}

/**
 * Retries the refunds whose try failed, when their backoff is due: the `refunds.retry` job runs it
 * every minute, once across processes (src/background-jobs.ts); one run at a time per process. Each
 * refund is claimed with FOR UPDATE SKIP LOCKED and leased (next_attempt_at moves on), so two
 * processes never try the same refund at once and a crash only delays it.
 */
export class RefundRetrier {
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {}

  /** Tries every due refund once; resolves to how many were tried. Tests await it. */
  runDue(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async drain(): Promise<number> {
    let tried = 0;
    for (;;) {
      const due = await claimDueRefunds(this.app, 10);
      if (due.length === 0) return tried;
      for (const refund of due) {
        await attemptRefund(this.app, refund);
        tried += 1;
      }
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}

async function claimDueRefunds(app: FastifyInstance, limit: number): Promise<RefundRow[]> {
  const { rows } = await app.db.execute<{ id: string | number }>(sql`
    update payment_refunds
       set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes', updated_at = now()
     where id in (
       select id from payment_refunds
        where status = 'PENDING' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id`);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  return app.db.select().from(paymentRefunds).where(inArray(paymentRefunds.id, ids));
}
