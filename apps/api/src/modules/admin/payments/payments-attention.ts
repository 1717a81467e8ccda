import {
  type AwaitingOrder,
  orderSyncResponseSchema,
  paymentsAttentionSchema,
  refundRetryResponseSchema,
} from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { paymentOrders, paymentRefunds, payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { PaymentNotFoundError } from '../../../providers/payments/payment-gateway';
import { conceptOf } from '../../payments/her-payments';
import { externalReferenceOf, findOrder, type OrderRow } from '../../payments/orders-repository';
import { attemptRefund, MAX_REFUND_ATTEMPTS } from '../../payments/refund-payment';
import { syncHostedCheckout } from '../../payments/sync-hosted-checkout';
import { syncProviderPayment } from '../../payments/sync-payment';
import { syncProviderPreapproval } from '../../payments/sync-preapproval';
import { recordAudit } from '../core/audit';
import { refuseOwnAccount } from '../core/operator-guard';
import { adminRefundsWhere } from './payment-views';

/** Orders still waiting for the provider's word after this long are listed. */
const awaitingAfter = sql`interval '5 minutes'`;

async function awaitingOrders(app: FastifyInstance): Promise<AwaitingOrder[]> {
  const rows = await app.db
    .select({
      order: paymentOrders,
      providerPaymentId: sql<string | null>`(select p.provider_payment_id from payments p
        where p.order_id = payment_orders.id order by p.id desc limit 1)`,
    })
    .from(paymentOrders)
    .where(
      sql`${paymentOrders.status} in ('created', 'pending', 'error') and ${paymentOrders.createdAt} < now() - ${awaitingAfter}`,
    )
    .orderBy(sql`${paymentOrders.createdAt} desc`)
    .limit(100);
  return rows.map(({ order, providerPaymentId }) => ({
    orderId: order.id,
    memberId: order.userId,
    payerEmail: order.payerEmail,
    kind: order.kind,
    concept: conceptOf(order),
    status: order.status,
    amount: order.amountCentavos,
    provider: order.provider,
    providerPaymentId,
    providerPreapprovalId: order.providerPreapprovalId,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  }));
}

/**
 * Asks the provider about an order again and applies its answer through the webhook's own path
 * (a payment recorded once, an order granted once, however often this runs).
 */
async function askProviderAgain(app: FastifyInstance, order: OrderRow): Promise<void> {
  if (order.provider === 'HOSTED') {
    if (!app.hostedCheckout || !order.providerPreferenceId) return;
    await syncHostedCheckout(app, order.providerPreferenceId, 'system').catch((error: unknown) => {
      if (!(error instanceof PaymentNotFoundError)) throw error;
    });
    return;
  }
  const gateway = app.paymentGateway;
  if (!gateway)
    throw new AppError('SERVICE_UNAVAILABLE', 503, 'Los pagos no están disponibles en este momento.');
  const charges = (await gateway.searchPayments(externalReferenceOf(order))).reverse();
  for (const charge of charges) await syncProviderPayment(app, charge.id, 'system');
  if (order.providerPreapprovalId) {
    await syncProviderPreapproval(app, order.providerPreapprovalId).catch((error: unknown) => {
      if (!(error instanceof PaymentNotFoundError)) throw error;
    });
  }
}

const statusLabels: Record<string, string> = {
  paid: 'pagada',
  active: 'activa',
  refused: 'rechazada',
  pending: 'pendiente',
  created: 'sin respuesta del proveedor',
  error: 'con error',
  cancelled: 'cancelada',
  expired: 'vencida',
};

/** The member a refund gives money back to (her order's account), if it still exists. */
async function refundOwner(db: Database, refundId: number): Promise<string | null> {
  const [row] = await db
    .select({ userId: paymentOrders.userId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
    .where(eq(paymentRefunds.id, refundId));
  return row?.userId ?? null;
}

/**
 * What waits for someone: refunds given up after their last try (FAILED: retry, or refund by hand
 * at the provider), refunds still being retried, and orders the provider never answered about.
 */
export const paymentsAttentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/attention',
    {
      schema: {
        tags: ['admin'],
        summary: 'Devoluciones fallidas o en curso y pagos que esperan al proveedor',
        security: [{ bearerAuth: [] }],
        response: { 200: paymentsAttentionSchema },
      },
      config: { permission: 'payments' },
    },
    async () => ({
      failedRefunds: await adminRefundsWhere(app.db, eq(paymentRefunds.status, 'FAILED'), 100),
      pendingRefunds: await adminRefundsWhere(app.db, eq(paymentRefunds.status, 'PENDING'), 100),
      awaitingOrders: await awaitingOrders(app),
    }),
  );

  app.post(
    '/refunds/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reintentar ahora una devolución fallida o en espera',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: refundRetryResponseSchema },
      },
      config: { permission: 'payments' },
    },
    async (request) => {
      const { id } = request.params;
      refuseOwnAccount(request, await refundOwner(app.db, id));
      // Claimed like the RefundRetrier claims (a lease), so the two never try it at once. A FAILED
      // one gets one more try: refused again, it is FAILED again at once.
      const claimed = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(paymentRefunds)
          .where(eq(paymentRefunds.id, id))
          .for('update');
        if (!before) throw AppError.notFound('No encontramos esa devolución.');
        if (before.status === 'SUCCESS') {
          throw new AppError('ALREADY_REFUNDED', 409, 'Esa devolución ya se hizo.');
        }
        // a try (the retrier's, or one that just failed) within its 2-minute lease: not twice at once
        if (before.status === 'PENDING' && before.updatedAt.getTime() > Date.now() - 2 * 60_000) {
          throw new AppError(
            'REFUND_IN_PROGRESS',
            409,
            'Esa devolución se intentó hace instantes. Esperá unos minutos antes de reintentarla.',
          );
        }
        const [row] = await tx
          .update(paymentRefunds)
          .set({
            status: 'PENDING',
            attempts: before.status === 'FAILED' ? MAX_REFUND_ATTEMPTS : sql`${paymentRefunds.attempts} + 1`,
            nextAttemptAt: sql`now() + interval '2 minutes'`,
            updatedAt: sql`now()`,
          })
          .where(eq(paymentRefunds.id, id))
          .returning();
        if (!row) throw AppError.notFound('No encontramos esa devolución.');
        await recordAudit(tx, request, {
          action: 'refund.retry',
          targetType: 'refund',
          targetId: String(id),
          before: { status: before.status, attempts: before.attempts, error: before.error },
        });
        return row;
      });
      await attemptRefund(app, claimed);
      const [refund] = await adminRefundsWhere(app.db, eq(paymentRefunds.id, id), 1);
      if (!refund) throw AppError.notFound('No encontramos esa devolución.');
      return { refund };
    },
  );

  app.post(
    '/orders/:id/sync',
    {
      schema: {
        tags: ['admin'],
        summary: 'Volver a preguntarle al proveedor por una orden sin respuesta',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid() }),
        response: { 200: orderSyncResponseSchema },
      },
      config: { permission: 'payments' },
    },
    async (request) => {
      const before = await findOrder(app.db, request.params.id);
      if (!before) throw AppError.notFound('No encontramos esa orden.');
      refuseOwnAccount(request, before.userId);
      try {
        await askProviderAgain(app, before);
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.warn({ err: error, orderId: before.id }, 'provider not reachable for an operator sync');
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          503,
          'El proveedor no respondió. Probá de nuevo en unos minutos.',
        );
      }
      const after = (await findOrder(app.db, before.id)) ?? before;
      // The provider's answer went through the webhook's own path (its own transaction); the mark
      // of this sync and its audit entry commit together.
      await app.db.transaction(async (tx) => {
        await tx
          .update(paymentOrders)
          .set({ reconciledAt: sql`now()` })
          .where(eq(paymentOrders.id, before.id));
        await recordAudit(tx, request, {
          action: 'order.sync',
          targetType: 'order',
          targetId: before.id,
          before: { status: before.status },
          after: { status: after.status },
        });
      });
      const label = statusLabels[after.status] ?? after.status;
      return {
        orderId: after.id,
        status: after.status,
        message:
          after.status === before.status
            ? `El proveedor no tiene novedades: la orden sigue ${label}.`
            : `Listo: la orden quedó ${label}.`,
      };
    },
  );
};
