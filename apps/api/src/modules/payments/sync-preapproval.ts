import type { FastifyInstance } from 'fastify';
import {
  attachPreapproval,
  findOrder,
  findOrderByPreapproval,
  parseExternalReference,
} from './orders-repository';
import { requireGateway } from './payments-core';

/**
 * A recurring agreement changed at the provider (created, cancelled, paused…): fetch it and let
 * the module that sold it react. Its order is found by preapproval id, or by the external
 * reference when the notification beats the create call's answer.
 */
export async function syncProviderPreapproval(app: FastifyInstance, preapprovalId: string): Promise<void> {
  const subscription = await requireGateway(app).getSubscription(preapprovalId);
  let order = await findOrderByPreapproval(app.db, subscription.id);
  if (!order) {
    const reference = parseExternalReference(subscription.externalReference);
    order = reference ? await findOrder(app.db, reference.orderId) : undefined;
    if (order) await attachPreapproval(app.db, order.id, subscription.id);
  }
  if (!order) {
    app.log.warn({ preapprovalId }, 'preapproval without an order of ours: ignored');
    return;
  }
  await app.paymentRouter.handlerFor(order.kind)?.onSubscription?.({ order, subscription });
}
