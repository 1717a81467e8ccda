import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders } from '../../db/schema';
import type { Db } from '../../db/transaction';

/** The last four digits of a card token (read before the token is used up); null when unreadable. */
export async function lastFourOf(app: FastifyInstance, cardToken: string): Promise<string | null> {
  const card = await app.paymentGateway?.getCardToken(cardToken).catch(() => null);
  return card?.lastFourDigits || null;
}

/** The card a subscription order charges, as Mi cuenta shows it: brand (the provider's payment method) and last four. */
export async function recordSubscriptionCard(
  db: Db,
  orderId: string,
  card: { brand: string | null; lastFour: string | null },
): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ cardBrand: card.brand, cardLastFour: card.lastFour, updatedAt: sql`now()` })
    .where(eq(paymentOrders.id, orderId));
}
