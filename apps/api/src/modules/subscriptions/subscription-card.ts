import type { AccountSubscription } from '@alcancia/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import type { GatewayCardToken } from '../../providers/payments/payment-gateway';
import type { OrderRow } from '../payments/orders-repository';

export interface SubscriptionCard {
  brand: string | null;
  lastFour: string | null;
  expirationMonth?: number | null;
  expirationYear?: number | null;
}

/** What a read card token tells of its card, for recordSubscriptionCard. */
export function cardOf(card: GatewayCardToken | null): Omit<SubscriptionCard, 'brand'> {
  return {
    lastFour: card?.lastFourDigits || null,
    expirationMonth: card?.expirationMonth ?? null,
    expirationYear: card?.expirationYear ?? null,
  };
}

/** The card a subscription order charges, as Mi cuenta shows it: brand (the provider's payment method), last four, expiry. */
export async function recordSubscriptionCard(db: Db, orderId: string, card: SubscriptionCard): Promise<void> {
  await db
    .update(paymentOrders)
    .set({
      cardBrand: card.brand,
      cardLastFour: card.lastFour,
      cardExpirationMonth: card.expirationMonth ?? null,
      cardExpirationYear: card.expirationYear ?? null,
      // Another card: the saved one (if any) is no longer the card this order charges.
      providerCustomerId: null,
      providerCardId: null,
      updatedAt: sql`now()`,
    })
    .where(eq(paymentOrders.id, orderId));
}

/**
 * Decision 0225: once the provider accepted a card for her subscription, it is saved for her at
 * the provider (her customer there, by e-mail) and its ids are kept beside the order's card, so a
 * reactivation can offer it back asking only the security code. A token made from a card already
 * saved for her needs no saving again. Saving never fails what she paid for: a failure is logged
 * and she will simply be asked for the whole card next time.
 */
export async function saveCardForReuse(
  app: FastifyInstance,
  input: { orderId: string; userId: string; email: string; cardToken: string; card: GatewayCardToken | null },
): Promise<void> {
  const gateway = app.paymentGateway;
  if (!gateway) return;
  try {
    let saved: { customerId: string; cardId: string } | null = null;
    if (input.card?.cardId) {
      const [owner] = await app.db
        .select({ customerId: paymentOrders.providerCustomerId })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.userId, input.userId),
            eq(paymentOrders.providerCardId, input.card.cardId),
            isNotNull(paymentOrders.providerCustomerId),
          ),
        )
        .limit(1);
      if (owner?.customerId) saved = { customerId: owner.customerId, cardId: input.card.cardId };
    } else {
      const card = await gateway.saveCard({ email: input.email, cardToken: input.cardToken });
      saved = { customerId: card.customerId, cardId: card.cardId };
    }
    if (!saved) return;
    await app.db
      .update(paymentOrders)
      .set({ providerCustomerId: saved.customerId, providerCardId: saved.cardId, updatedAt: sql`now()` })
      .where(eq(paymentOrders.id, input.orderId));
  } catch (error) {
    app.log.warn({ err: error, orderId: input.orderId }, 'could not save the card at the provider');
  }
}

/**
 * The saved card Mi cuenta offers for a reactivation: the one her cancelled agreement charged,
 * when it was saved and has not expired (a card is valid through its expiry month).
 */
export function storedCardOf(order: OrderRow): NonNullable<AccountSubscription['storedCard']> | null {
  const { providerCardId, cardLastFour, cardExpirationMonth: month, cardExpirationYear: year } = order;
  if (!providerCardId || !cardLastFour || !month || !year) return null;
  const [thisYear, thisMonth] = argentinaDate().split('-').map(Number) as [number, number];
  if (year < thisYear || (year === thisYear && month < thisMonth)) return null;
  return {
    id: providerCardId,
    brand: order.cardBrand ?? 'unknown',
    lastFour: cardLastFour,
    expirationMonth: month,
    expirationYear: year,
  };
}
