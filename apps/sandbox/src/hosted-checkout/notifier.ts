import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WebhookSender } from '../webhook-sender';
import { hostedCheckoutSignature, SIGNATURE_HEADER } from './signing';
import type { CheckoutEventType, CheckoutResource, WebhookDelivery } from './types';

/**
 * Sends signed webhooks: `POST notification_url` with `{ id, type, created_at, data: { id } }`,
 * retried like every stand-in's (webhook-sender.ts), each attempt signed afresh (the timestamp is
 * part of the signature).
 */
export class CheckoutNotifier {
  private readonly sender = new WebhookSender<WebhookDelivery>();
  private readonly last = new Map<string, CheckoutEventType>();

  constructor(
    private readonly secret: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  notify(checkout: CheckoutResource, type: CheckoutEventType): Promise<WebhookDelivery | null> {
    this.last.set(checkout.id, type);
    if (!checkout.notification_url) return Promise.resolve(null);
    return this.deliver(checkout.notification_url, checkout.id, type);
  }

  async replay(checkout: CheckoutResource, times: number): Promise<WebhookDelivery[]> {
    const type = this.last.get(checkout.id);
    if (!type || !checkout.notification_url) return [];
    const deliveries: WebhookDelivery[] = [];
    for (let i = 0; i < times; i++)
      deliveries.push(await this.deliver(checkout.notification_url, checkout.id, type));
    return deliveries;
  }

  deliveries(): WebhookDelivery[] {
    return this.sender.deliveries();
  }

  reset(): void {
    this.sender.clearLog();
    this.last.clear();
  }

  close(): void {
    this.sender.close();
  }

  private async deliver(url: string, checkoutId: string, type: CheckoutEventType): Promise<WebhookDelivery> {
    const at = new Date().toISOString();
    const body = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      type,
      created_at: at,
      data: { id: checkoutId },
    });
    const delivery = await this.sender.deliver(
      { url, type, checkoutId, attempts: 0, status: null, delivered: false, error: null, at },
      () => ({
        url,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: hostedCheckoutSignature(this.secret, body, Math.floor(Date.now() / 1000)),
        },
        body,
      }),
    );
    if (!delivery.delivered) {
      this.logger.warn({ url, checkoutId, status: delivery.status }, 'hosted checkout webhook not delivered');
    }
    return delivery;
  }
}
