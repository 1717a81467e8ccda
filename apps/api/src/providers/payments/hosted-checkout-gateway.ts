/**
 * The redirect provider's port: a hosted checkout page the browser is sent to, paid there, and
 * confirmed to us by a signed webhook. Our terms (centavos, Dates); the HTTP adapter speaks the
 * provider's API, which the sandbox stand-in plays in development and tests.
 */

export interface HostedCheckout {
  id: string;
  /** open → paid | cancelled (by the payer) | expired (by us) */
  status: 'open' | 'paid' | 'cancelled' | 'expired';
  /** the pay page */
  url: string;
  amountCentavos: number;
  currency: string;
  /** `<kind>:<order id>`, as we created it */
  externalReference: string | null;
  /** the provider's payment, once paid */
  paymentId: string | null;
  paidAt: Date | null;
}

export interface CreateHostedCheckoutInput {
  amountCentavos: number;
  description: string;
  externalReference: string;
  payerEmail: string;
  /** where the browser goes after paying, and after cancelling */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface HostedWebhookProof {
  signature: string | undefined;
  /** the request body exactly as received: the signature covers it */
  rawBody: string;
}

export interface HostedCheckoutGateway {
  /** the checkout_provider code of the programs it sells, stored with orders and payments */
  readonly provider: 'HOSTED';
  createCheckout(input: CreateHostedCheckoutInput): Promise<HostedCheckout>;
  getCheckout(id: string): Promise<HostedCheckout>;
  /** Makes an open checkout unpayable; answers the checkout as it is (it may have been paid). */
  expireCheckout(id: string): Promise<HostedCheckout>;
  /** True when the webhook was signed with our shared secret, recently. */
  verifyNotification(proof: HostedWebhookProof): boolean;
}
