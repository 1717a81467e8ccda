import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { mpDate } from './dates';
import { signatureHeader } from './signing';
import type { EmulatorStore } from './store';
import type { NotificationRecord, NotificationType } from './types';

/** Pause before each retry of a failed delivery: three attempts in all, like a short version of MP's. */
const RETRY_DELAYS_MS = [300, 1500];
const ATTEMPT_TIMEOUT_MS = 5000;
const LOG_SIZE = 200;

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

/**
 * Sends signed webhooks. Delivery is asynchronous and best effort: a receiver that is down or
 * answers non-2xx gets a couple of retries, and no failure ever reaches the emulator's callers.
 */
export class Notifier {
  private readonly log: Delivery[] = [];
  private readonly sleepers = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

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
    return [...this.log];
  }

  close(): void {
    this.closed = true;
    // Wake every pending retry so its loop sees `closed` and ends instead of hanging.
    for (const [timer, wake] of this.sleepers) {
      clearTimeout(timer);
      wake();
    }
    this.sleepers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private deliver(record: NotificationRecord): Promise<Delivery> {
    const delivery: Delivery = {
      url: record.url,
      type: record.body.type,
      action: record.body.action,
      dataId: record.body.data.id,
      requestId: randomUUID(),
      attempts: 0,
      status: null,
      delivered: false,
      error: null,
      at: mpDate(),
    };
    this.log.push(delivery);
    if (this.log.length > LOG_SIZE) this.log.shift();
    return this.attempt(record, delivery);
  }

  private async attempt(record: NotificationRecord, delivery: Delivery): Promise<Delivery> {
    while (!this.closed) {
      delivery.attempts += 1;
      try {
        delivery.status = await this.post(record, delivery.requestId);
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
      await this.sleep(delay);
    }
    this.logger.warn(
      { url: delivery.url, dataId: delivery.dataId, status: delivery.status },
      'webhook not delivered',
    );
    return delivery;
  }

  private async post(record: NotificationRecord, requestId: string): Promise<number> {
    const url = new URL(record.url);
    url.searchParams.set('data.id', record.body.data.id);
    url.searchParams.set('type', record.body.type);
    // Each attempt is signed afresh: the timestamp is part of the signed manifest.
    const ts = Math.floor(Date.now() / 1000);
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    this.inFlight.add(controller);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': `MercadoPago WebHook v1.0 ${record.body.type}`,
          'x-request-id': requestId,
          'x-signature': signatureHeader(this.secret, record.body.data.id, requestId, ts),
        },
        body: JSON.stringify(record.body),
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleepers.delete(timer);
        resolve();
      }, ms);
      this.sleepers.set(timer, resolve);
    });
  }
}
