/** A checkout of the stand-in, as its server API answers it (snake_case, like most providers). */
export interface CheckoutResource {
  /** hc_… */
  id: string;
  status: CheckoutStatus;
  /** integer centavos */
  amount: number;
  currency: 'ARS';
  description: string;
  external_reference: string | null;
  payer_email: string | null;
  success_url: string;
  cancel_url: string;
  notification_url: string | null;
  /** the pay page the browser goes to */
  url: string;
  /** set once, when paid */
  payment: { id: string; paid_at: string } | null;
  created_at: string;
  updated_at: string;
}

/** open → paid | cancelled (by the payer) | expired (by the seller, through the API). */
export type CheckoutStatus = 'open' | 'paid' | 'cancelled' | 'expired';

export type CheckoutEventType = 'checkout.paid' | 'checkout.cancelled' | 'checkout.expired';

export interface HostedCheckoutOptions {
  /** Shared with the seller: authenticates its API calls (Bearer) and signs webhooks. */
  secret: string;
  /**
   * Where browsers reach the stand-in, e.g. `http://localhost:3000/sandbox/hosted-checkout`; the
   * checkouts' `url`. Defaults to the origin of each create request plus the plugin's prefix.
   */
  publicBaseUrl?: string;
  /** Called once with the control object, for hosts that register the plugin themselves. */
  onControl?: (control: HostedCheckoutControl) => void;
}

/** What tests need besides the browser: pay without a page, re-send webhooks, read the state. */
export interface HostedCheckoutControl {
  /** Pays an open checkout as the pay page's 'Pagar' does; resolves once the first webhook attempt ended. */
  pay(id: string): Promise<CheckoutResource>;
  /** Sends the checkout's last webhook again, `times` times, one after the other. */
  replayWebhook(id: string, times?: number): Promise<WebhookDelivery[]>;
  deliveries(): WebhookDelivery[];
  checkouts(): CheckoutResource[];
  reset(): void;
}

export interface WebhookDelivery {
  url: string;
  type: CheckoutEventType;
  checkoutId: string;
  attempts: number;
  status: number | null;
  delivered: boolean;
  error: string | null;
  at: string;
}
