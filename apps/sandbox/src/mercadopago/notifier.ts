import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WebhookSender } from '../webhook-sender';
import { mpDate } from './dates';
import { signatureHeader } from './signing';
import type { EmulatorStore } from './store';
import type { NotificationRecord, NotificationType } from './types';

export interface Delivery {
  url: string;
  type: NotificationType;
  action: string;
  dataId: string;
  requestId: string;
  attempts: number;
  status: number | null;
  delivered: boolean;
  error: string | null;
  at: string;
}

export const COLLECTOR_ID = 1234567890;

function notificationUrl(base: string, dataId: string, type: NotificationType): URL {
  const url = new URL(base);
  url.searchParams.set('data.id', dataId);
  url.searchParams.set('type', type);
  return url;
}

/**
 * Sends signed webhooks, asynchronous and best effort, retried like every stand-in's
 * (webhook-sender.ts).
 */
export class Notifier {
  private readonly sender = new WebhookSender<Delivery>();

  constructor(
    private readonly store: EmulatorStore,
    private readonly secret: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Records the notification as the resource's latest and starts delivering it. */
  notify(
    url: string | null,
    type: NotificationType,
    action: string,
    dataId: string | number,
  ): Promise<Delivery | null> {
    if (!url) return Promise.resolve(null);
    const record: NotificationRecord = {
      url,
      body: {
        id: this.store.numericId(),
        live_mode: false,
        type,
        date_created: mpDate(),
        user_id: COLLECTOR_ID,
        api_version: 'v1',
        action,
        data: { id: String(dataId) },
      },
    };
    this.store.state.notifications[`${type}:${dataId}`] = record;
    this.store.save();
    return this.deliver(record);
  }

  /** Sends the last notification about a resource again, `times` times, one after the other. */
  async replay(type: NotificationType, dataId: string | number, times: number): Promise<Delivery[]> {
    const record = this.store.state.notifications[`${type}:${dataId}`];
    if (!record) return [];
    const deliveries: Delivery[] = [];
    for (let i = 0; i < times; i++) deliveries.push(await this.deliver(record));
    return deliveries;
  }

  deliveries(): Delivery[] {
    return this.sender.deliveries();
  }

  close(): void {
    this.sender.close();
  }

  private async deliver(record: NotificationRecord): Promise<Delivery> {
    const requestId = randomUUID();
    const dataId = record.body.data.id;
    const delivery = await this.sender.deliver(
      {
        url: record.url,
        type: record.body.type,
        action: record.body.action,
        dataId,
        requestId,
        attempts: 0,
        status: null,
        delivered: false,
        error: null,
        at: mpDate(),
      },
      () => ({
        // built inside the attempt: a malformed notification_url is a failed attempt, like a refused one
        url: notificationUrl(record.url, dataId, record.body.type),
        headers: {
          'content-type': 'application/json',
          'user-agent': `MercadoPago WebHook v1.0 ${record.body.type}`,
          'x-request-id': requestId,
          // Each attempt is signed afresh: the timestamp is part of the signed manifest.
          'x-signature': signatureHeader(this.secret, dataId, requestId, Math.floor(Date.now() / 1000)),
        },
        body: JSON.stringify(record.body),
      }),
    );
    if (!delivery.delivered) {
      this.logger.warn({ url: delivery.url, dataId, status: delivery.status }, 'webhook not delivered');
    }
    return delivery;
  }
}
