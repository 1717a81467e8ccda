import type { GatewayPayment, GatewaySubscription } from '../../providers/payments/payment-gateway';
import type { OrderKind, OrderRow } from './orders-repository';
import type { PaymentRow } from './record-payment';

/**
 * What a selling module (subscriptions, programs, guest tiers) does when the provider's truth about
 * one of its orders arrives. Handlers must be idempotent: they run again on every replay (which
 * also lets a replay finish work that a crash interrupted).
 */
export interface OrderPaymentHandler {
  onPayment(event: { order: OrderRow; payment: PaymentRow; seen: GatewayPayment }): Promise<void>;
  /** Recurring agreements only: the provider's preapproval changed (e.g. cancelled). */
  onSubscription?(event: { order: OrderRow; subscription: GatewaySubscription }): Promise<void>;
}

/** Order kind → the module that sold it. Modules register themselves when the app is built. */
export class PaymentRouter {
  private readonly handlers = new Map<OrderKind, OrderPaymentHandler>();

  register(kind: OrderKind, handler: OrderPaymentHandler): void {
    if (this.handlers.has(kind)) throw new Error(`a payment handler for ${kind} is already registered`);
    this.handlers.set(kind, handler);
  }

  handlerFor(kind: OrderKind): OrderPaymentHandler | undefined {
    return this.handlers.get(kind);
  }
}
