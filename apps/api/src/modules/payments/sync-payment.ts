import type { FastifyInstance } from 'fastify';
import { withPersonLock } from '../../db/person-lock';
import { type Actor, findOrder, parseExternalReference } from './orders-repository';
import { accountWithEmail } from './payment-person';
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
  const handler = app.paymentRouter.handlerFor(order.kind);
  const apply = async () => {
    // Read again under her lock: a checkout of hers that held it may have moved the order.
    const current = (await findOrder(app.db, order.id)) ?? order;
    const { payment } = await app.db.transaction((tx) => recordProviderPayment(tx, current, seen, actor));
    app.invoicing.kick();
    if (!handler) {
      app.log.error({ kind: order.kind, orderId: order.id }, 'no payment handler for this kind of order');
      return;
    }
    await handler.onPayment({ order: current, payment, seen });
  };
  // Her grants, refunds and holds are one money write at a time (decision 0270). A guest's order
  // is hers when an account has its e-mail (the grant links it there); a new address has no other
  // money write to wait for.
  const person = order.userId ?? (await accountWithEmail(app.db, order.payerEmail));
  await (person ? withPersonLock(app.database, person, apply) : apply());
}
