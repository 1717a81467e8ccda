import type { FastifyInstance } from 'fastify';
import { withPersonLock } from '../../db/person-lock';
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
  const found = order;
  const apply = async () => {
    // Read again under her lock (decision 0270): a checkout or a baja of hers may have moved it.
    const current = (await findOrder(app.db, found.id)) ?? found;
    await app.paymentRouter.handlerFor(current.kind)?.onSubscription?.({ order: current, subscription });
  };
  await (found.userId ? withPersonLock(app.database, found.userId, apply) : apply());
}
