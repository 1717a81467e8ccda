import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, users } from '../../db/schema';
import {
  attachPreapproval,
  externalReferenceOf,
  insertOrder,
  transitionOrder,
} from '../payments/orders-repository';
import { awaitFirstCharge } from './await-first-charge';
import { recordSubscriptionCard } from './subscription-card';

export const demoSubscriberEmail = 'suscriptora@alcancia.local';
/** Plan Esencial, annual, at its discount price: what the demo subscriber paid for her year. */
const demoCharge = { planId: 'plan-esencial', frequency: 'annual', amountCentavos: 9_504_000 } as const;

/**
 * The demo subscriber's year of Plan Esencial gets a real charge on record: an annual card
 * subscription made through the gateway against the in-app Mercado Pago emulator (a card token of
 * the test card, the emulator charges it and notifies us like any checkout). So her upgrade in the
 * demo refunds a real prorated amount at the provider. Called once the server listens (the SDK calls
 * the emulator over HTTP), only when the app plays Mercado Pago itself; a no-op once she has an order.
 */
/** A card token of the approving test card (Visa, APRO) at the emulator, for a demo document. */
export async function demoCardToken(
  emulator: { baseUrl: string; publicKey: string },
  documentNumber: string,
): Promise<string> {
  const answer = await fetch(`${emulator.baseUrl}/v1/card_tokens?public_key=${emulator.publicKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: '4509953566233704',
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name: 'APRO', identification: { type: 'DNI', number: documentNumber } },
    }),
  });
  const token = (await answer.json()) as { id?: string };
  if (!token.id) throw new Error(`demo card token refused: ${answer.status}`);
  return token.id;
}

export async function seedDemoSubscriberCharge(
  app: FastifyInstance,
  emulator: { baseUrl: string; publicKey: string },
): Promise<boolean> {
  const gateway = app.paymentGateway;
  if (!gateway) return false;
  const [subscriber] = await app.db.select().from(users).where(eq(users.email, demoSubscriberEmail));
  if (!subscriber) return false;
  const existing = await app.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, subscriber.id), eq(paymentOrders.kind, 'subscription')));
  if (existing.length > 0) return false;

  const token = { id: await demoCardToken(emulator, '30111222') };

  const order = await insertOrder(
    app.db,
    {
      kind: 'subscription',
      userId: subscriber.id,
      payerEmail: subscriber.email,
      itemId: demoCharge.planId,
      description: `Plan Esencial (${demoCharge.frequency})`,
      frequency: demoCharge.frequency,
      amountCentavos: demoCharge.amountCentavos,
      idempotencyKey: randomUUID(),
      provider: gateway.provider,
      details: { planName: 'Plan Esencial', frequencyType: '12months', demo: true },
    },
    'system',
    'demo data: the demo subscriber’s annual charge',
  );
  const agreement = await gateway.createSubscription({
    reason: 'Alcancía Plan Esencial',
    externalReference: externalReferenceOf(order),
    payerEmail: subscriber.email,
    cardToken: token.id,
    amountCentavos: demoCharge.amountCentavos,
    period: { frequency: 12, frequencyType: 'months' },
    freeTrial: null,
    backUrl: `${app.config.publicUrl}/suscripcion-exitosa`,
    idempotencyKey: order.idempotencyKey,
  });
  await attachPreapproval(app.db, order.id, agreement.id);
  await recordSubscriptionCard(app.db, order.id, { brand: agreement.paymentMethodId, lastFour: '3704' });
  await transitionOrder(app.db, order.id, ['created'], 'pending', {
    actor: 'system',
    reason: 'demo agreement authorized; waiting for the first charge',
  });
  const first = await awaitFirstCharge(app, order.id);
  return first.status === 'approved';
}
