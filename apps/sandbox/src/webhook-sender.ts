/** Pause before each retry of a failed delivery: three attempts in all, like a short version of MP's. */
const RETRY_DELAYS_MS = [300, 1500];
const ATTEMPT_TIMEOUT_MS = 5000;
const LOG_SIZE = 200;

/** What every stand-in's delivery log says of one webhook. */
export interface DeliveryProgress {
  attempts: number;
  status: number | null;
  delivered: boolean;
  error: string | null;
}

/** One attempt's request; built again for each attempt, so a signature can sign its own time. */
export interface WebhookRequest {
  url: string | URL;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends the stand-ins' webhooks, best effort like a real provider: a receiver that is down or
 * answers non-2xx gets a couple of retries, each with a timeout, and no failure ever reaches the
 * stand-in's callers. Keeps the latest deliveries for the control API. close() aborts requests in
 * flight and wakes pending retries, so their loops end instead of hanging.
 */
export class WebhookSender<D extends DeliveryProgress> {
  private readonly log: D[] = [];
  private readonly sleepers = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  /** Logs `delivery` and tries it until a 2xx answer or the last attempt; `delivery` records how it went. */
  async deliver(delivery: D, request: () => WebhookRequest): Promise<D> {
    this.log.push(delivery);
    if (this.log.length > LOG_SIZE) this.log.shift();
    while (!this.closed) {
      delivery.attempts += 1;
      try {
        delivery.status = await this.post(request());
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
    return delivery;
  }

  deliveries(): D[] {
    return [...this.log];
  }

  clearLog(): void {
    this.log.length = 0;
  }

  close(): void {
    this.closed = true;
    for (const [timer, wake] of this.sleepers) {
      clearTimeout(timer);
      wake();
    }
    this.sleepers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async post(request: WebhookRequest): Promise<number> {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    this.inFlight.add(controller);
    try {
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
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
