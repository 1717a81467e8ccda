import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentOrders } from '../../../db/schema';
import { AppError } from '../../../errors';
import { PaymentNotFoundError } from '../../../providers/payments/payment-gateway';
import { externalReferenceOf, findOrder, type OrderRow } from '../../payments/orders-repository';
import { syncHostedCheckout } from '../../payments/sync-hosted-checkout';
import { syncProviderPayment } from '../../payments/sync-payment';
import { syncProviderPreapproval } from '../../payments/sync-preapproval';
import { recordAudit } from '../core/audit';
import { refuseOwnAccount } from '../core/operator-guard';

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

/**
 * POST /admin/orders/{id}/sync: asks the provider again about an order it never answered about,
 * marks the order as reconciled now and says what changed.
 */
export async function syncOrder(app: FastifyInstance, request: FastifyRequest, orderId: string) {
  const before = await findOrder(app.db, orderId);
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
    await tx.update(paymentOrders).set({ reconciledAt: sql`now()` }).where(eq(paymentOrders.id, before.id));
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
}
