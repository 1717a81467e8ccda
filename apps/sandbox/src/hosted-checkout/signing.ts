import { createHmac } from 'node:crypto';

/** The webhook signature header's name. */
export const SIGNATURE_HEADER = 'x-hosted-checkout-signature';

/**
 * `t=<unix seconds>,v1=<hex>`, where v1 is the HMAC-SHA256, keyed with the shared secret, of
 * `<t>.<raw request body>`. The timestamp is signed too, so a receiver can refuse old deliveries.
 */
export function hostedCheckoutSignature(secret: string, rawBody: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
