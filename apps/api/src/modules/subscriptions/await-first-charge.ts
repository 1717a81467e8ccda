import type { RefusedReason } from '@alcancia/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../db/schema';
import { findOrder } from '../payments/orders-repository';
import type { UpgradeRefundStatus } from './upgrade-subscription';

export type FirstCharge =
  | { status: 'approved'; refundStatus: UpgradeRefundStatus | null }
  | { status: 'pending' }
  | { status: 'refused'; refusedReason: RefusedReason };

/** How long the checkout answer waits for the provider's word on the first charge. */
export const FIRST_CHARGE_WAIT_MS = 10_000;
const POLL_MS = 100;

/**
 * Mercado Pago answers a new subscription before charging it; the first charge's outcome arrives
 * as a notification, which the webhook turns into our records. The checkout watches those records
 * for a while: approved (and, for an upgrade, settled), in process, or refused. No word in time
 * means pending: the notification will still grant access when it comes.
 */
export async function awaitFirstCharge(
  app: FastifyInstance,
  orderId: string,
  waitMs = FIRST_CHARGE_WAIT_MS,
): Promise<FirstCharge> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const order = await findOrder(app.db, orderId);
    if (order?.status === 'refused') {
      return {
        status: 'refused',
        refusedReason: (order.refusedReason ?? 'UNEXPECTED_ERROR') as RefusedReason,
      };
    }
    if (order?.status === 'active' || order?.status === 'replaced' || order?.status === 'cancelled') {
      const settled = !order.replacesOrderId || order.upgradeRefundStatus !== null;
      if (settled || Date.now() >= deadline) {
        const refund = order.upgradeRefundStatus;
        return {
          status: 'approved',
          refundStatus: refund === 'SUCCESS' || refund === 'FAILED' || refund === 'NONE' ? refund : null,
        };
      }
    } else {
      const inProcess = await app.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['in_process', 'pending'])));
      if (inProcess.length > 0 || Date.now() >= deadline) return { status: 'pending' };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
