import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hostedCheckoutSignature, SIGNATURE_HEADER } from './signing';
import type { CheckoutEventType, CheckoutResource, WebhookDelivery } from './types';

/** Pause before each retry of a failed delivery: three attempts in all. */
const RETRY_DELAYS_MS = [300, 1500];
const ATTEMPT_TIMEOUT_MS = 5000;
const LOG_SIZE = 200;

/**
 * Sends signed webhooks: `POST notification_url` with `{ id, type, created_at, data: { id } }`.
 * Best effort, like a real provider: a receiver that is down or answers non-2xx gets a couple of
 * retries, each signed afresh (the timestamp is part of the signature).
 */
export class CheckoutNotifier {
  private readonly log: WebhookDelivery[] = [];
  private readonly last = new Map<string, CheckoutEventType>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

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
    return [...this.log];
  }

  reset(): void {
    this.log.length = 0;
    this.last.clear();
  }

  close(): void {
    this.closed = true;
    for (const controller of this.inFlight) controller.abort();
  }

  private async deliver(url: string, checkoutId: string, type: CheckoutEventType): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = {
      url,
      type,
      checkoutId,
      attempts: 0,
      status: null,
      delivered: false,
      error: null,
      at: new Date().toISOString(),
    };
    this.log.push(delivery);
    if (this.log.length > LOG_SIZE) this.log.shift();
    const body = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      type,
      created_at: delivery.at,
      data: { id: checkoutId },
    });
    while (!this.closed) {
      delivery.attempts += 1;
      try {
        delivery.status = await this.post(url, body);
        delivery.error = null;
        if (delivery.status >= 200 && delivery.status < 300) {
          delivery.delivered = true;
          return delivery;
        }
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
      }
      const delay = RETRY_DELAYS_MS[delivery.attempts - 1];
      if (delay === undefined) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    this.logger.warn({ url, checkoutId, status: delivery.status }, 'hosted checkout webhook not delivered');
    return delivery;
  }

  private async post(url: string, body: string): Promise<number> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: hostedCheckoutSignature(this.secret, body, Math.floor(Date.now() / 1000)),
        },
        body,
        signal: controller.signal,
      });
      await response.arrayBuffer();
      return response.status;
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }
}
