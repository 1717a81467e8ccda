import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { entitlements, paymentOrders, users } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { recomputeAccess } from '../entitlements/recompute-access';
import {
  attachPreapproval,
  externalReferenceOf,
  findOrder,
  insertOrder,
  transitionOrder,
} from '../payments/orders-repository';
import { awaitFirstCharge } from './await-first-charge';
import { cancelSubscription } from './cancel-subscription';
import { demoCardToken } from './seed-demo-subscriber-charge';
import { recordSubscriptionCard, saveCardForReuse } from './subscription-card';

export const demoPastDueEmail = 'morosa@alcancia.local';
export const demoCancelledEmail = 'cancelada@alcancia.local';

interface EmulatorAddress {
  baseUrl: string;
  publicKey: string;
}

/** Plan Esencial monthly at its price, paid by card at the emulator like any checkout. */
async function subscribeDemoAccount(app: FastifyInstance, emulator: EmulatorAddress, email: string) {
  const gateway = app.paymentGateway;
  if (!gateway) return null;
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  if (!user) return null;
  const existing = await app.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, user.id), eq(paymentOrders.kind, 'subscription')));
  if (existing.length > 0) return null;

  const token = { id: await demoCardToken(emulator, '30111333') };
  const order = await insertOrder(
    app.db,
    {
      kind: 'subscription',
      userId: user.id,
      payerEmail: user.email,
      itemId: 'plan-esencial',
      description: 'Plan Esencial (monthly)',
      frequency: 'monthly',
      amountCentavos: 990_000,
      idempotencyKey: randomUUID(),
      provider: gateway.provider,
      details: { planName: 'Plan Esencial', frequencyType: '1months', freeTrial: null, demo: true },
    },
    'system',
    'demo data: a monthly subscription after the sale',
  );
  // Read before the agreement uses the token: its expiry makes the card one Mi cuenta can offer back.
  const card = await gateway.getCardToken(token.id).catch(() => null);
  const agreement = await gateway.createSubscription({
    reason: 'Alcancía Plan Esencial',
    externalReference: externalReferenceOf(order),
    payerEmail: user.email,
    cardToken: token.id,
    amountCentavos: 990_000,
    period: { frequency: 1, frequencyType: 'months' },
    freeTrial: null,
    backUrl: `${app.config.publicUrl}/suscripcion-exitosa`,
    idempotencyKey: order.idempotencyKey,
  });
  await attachPreapproval(app.db, order.id, agreement.id);
  await recordSubscriptionCard(app.db, order.id, {
    brand: agreement.paymentMethodId,
    lastFour: '3704',
    expirationMonth: card?.expirationMonth ?? null,
    expirationYear: card?.expirationYear ?? null,
  });
  await transitionOrder(app.db, order.id, ['created'], 'pending', {
    actor: 'system',
    reason: 'demo agreement authorized; waiting for the first charge',
  });
  const first = await awaitFirstCharge(app, order.id);
  if (first.status !== 'approved') return null;
  // Her card on file, as for any subscriber: `cancelada@` reactivates with a confirmation (decision 0283).
  await saveCardForReuse(app, {
    orderId: order.id,
    userId: user.id,
    email: user.email,
    cardToken: token.id,
    card,
  });
  return { userId: user.id, orderId: order.id, preapprovalId: agreement.id };
}

/**
 * Demo data of Mi cuenta (issue 17), made through the gateway against the in-app emulator once the
 * server listens, like the demo subscriber's charge: `morosa@` subscribed and her renewal, due
 * today, was refused at the provider (a real refused charge and its webhook: "pago pendiente",
 * inside the grace period, with its mail); `cancelada@` subscribed and cancelled (the agreement
 * cancelled at the provider, a código de baja mailed), with her month of access left. Once.
 */
export async function seedDemoAfterSale(app: FastifyInstance, emulator: EmulatorAddress): Promise<void> {
  const pastDue = await subscribeDemoAccount(app, emulator, demoPastDueEmail);
  if (pastDue) {
    // Her paid month reaches today: the renewal is due, and the card refuses it. Her agreement's
    // grant says so; her account's columns are its cache (decision 90).
    await app.db.transaction(async (tx) => {
      await tx
        .update(entitlements)
        .set({ endsOn: argentinaDate(), updatedAt: sql`now()` })
        .where(eq(entitlements.orderId, pastDue.orderId));
      await recomputeAccess(tx, pastDue.userId);
    });
    const refused = await fetch(`${emulator.baseUrl}/_control/preapproval/${pastDue.preapprovalId}/charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'rejected' }),
    });
    if (!refused.ok) throw new Error(`demo refused renewal failed: ${refused.status}`);
    for (let i = 0; i < 100; i++) {
      if ((await findOrder(app.db, pastDue.orderId))?.pastDueSince) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const cancelled = await subscribeDemoAccount(app, emulator, demoCancelledEmail);
  if (cancelled) await cancelSubscription(app, cancelled.userId);
}
