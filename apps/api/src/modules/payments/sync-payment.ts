import type { FastifyInstance } from 'fastify';
import { type Actor, findOrder, parseExternalReference } from './orders-repository';
import { requireGateway } from './payments-core';
import { recordProviderPayment } from './record-payment';

/**
 * Brings one provider payment into our records: fetches it from the provider (the only source of
 * truth), finds its order through the external reference, stores it (forward moves only) and hands
 * it to the module that sold the order. Safe to run any number of times, in any order.
 */
export async function syncProviderPayment(
  app: FastifyInstance,
  providerPaymentId: string,
  actor: Actor,
): Promise<void> {
  const seen = await requireGateway(app).getPayment(providerPaymentId);
  const reference = parseExternalReference(seen.externalReference);
  const order = reference ? await findOrder(app.db, reference.orderId) : undefined;
  if (!reference || !order || order.kind !== reference.kind) {
    app.log.warn(
      { providerPaymentId, externalReference: seen.externalReference },
      'payment without an order of ours: ignored',
    );
    return;
  }
  const { payment } = await app.db.transaction((tx) => recordProviderPayment(tx, order, seen, actor));
  app.invoicing.kick();
  const handler = app.paymentRouter.handlerFor(order.kind);
  if (!handler) {
    app.log.error({ kind: order.kind, orderId: order.id }, 'no payment handler for this kind of order');
    return;
  }
  await handler.onPayment({ order, payment, seen });
}
