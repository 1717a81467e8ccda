import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import {
  type GatewayCardToken,
  PaymentNotFoundError,
  PaymentProviderError,
} from '../../providers/payments/payment-gateway';
import { providerUnavailable } from './checkout-orders';

const unknownToken = () =>
  new AppError(
    'CARD_TOKEN_UNKNOWN',
    422,
    'No pudimos leer los datos de tu tarjeta (pueden haber vencido). Ingresalos de nuevo para continuar.',
  );

/**
 * What the provider reads off a card token (read before the token is used up). Null when there is
 * no gateway. A token the provider does not know is refused here, before anything is charged: it
 * cannot be proven hers (assertOwnCard), and skipping that check would let a token made from
 * someone else's saved card through (issue 39 point 10). A provider that cannot answer stops the
 * checkout for the same reason.
 */
async function readCardToken(app: FastifyInstance, cardToken: string): Promise<GatewayCardToken | null> {
  const gateway = app.paymentGateway;
  if (!gateway) return null;
  try {
    return await gateway.getCardToken(cardToken);
  } catch (error) {
    if (error instanceof PaymentNotFoundError) throw unknownToken();
    if (error instanceof PaymentProviderError) {
      app.log.error({ err: error }, 'card token not readable');
      throw providerUnavailable();
    }
    throw error;
  }
}

const notYourCard = () =>
  new AppError(
    'CARD_NOT_YOURS',
    403,
    'Esa tarjeta no está guardada en tu cuenta. Ingresá los datos de tu tarjeta para continuar.',
  );

/**
 * Decision 0225, object-level authorization: Mercado Pago tokenizes any card saved for any of our
 * customers from its id alone, so a token made from a saved card (its `card_id`) pays only for
 * the user we saved that card for. A typed card (no card id) is anyone's to use.
 */
async function assertOwnCard(db: Db, userId: string, card: GatewayCardToken | null): Promise<void> {
  if (!card?.cardId) return;
  const [mine] = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.providerCardId, card.cardId)))
    .limit(1);
  if (!mine) throw notYourCard();
}

/**
 * Every checkout that pays with a card token (a subscription, its reactivation, a card change, a
 * program) reads it first: what the provider tells of the card, once it is proven hers.
 */
export async function readOwnCardToken(
  app: FastifyInstance,
  userId: string,
  cardToken: string,
): Promise<GatewayCardToken | null> {
  const card = await readCardToken(app, cardToken);
  await assertOwnCard(app.db, userId, card);
  return card;
}
