import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  CreateHostedCheckoutInput,
  HostedCheckout,
  HostedCheckoutGateway,
  HostedWebhookProof,
} from './hosted-checkout-gateway';
import { PaymentNotFoundError, PaymentProviderError } from './payment-gateway';

export interface HostedCheckoutSettings {
  /** the provider's API base (the stand-in: `${PUBLIC_URL}/sandbox/hosted-checkout`) */
  baseUrl: string;
  /** shared secret: Bearer on our calls, HMAC key of its webhooks */
  secret: string;
  /** our webhook, sent with every checkout */
  notificationUrl: string;
  timeoutMs: number;
}

/** A signed webhook older (or newer) than this is refused: a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

type Loose = Record<string, unknown>;

function toCheckout(raw: Loose): HostedCheckout {
  const payment = (raw.payment ?? null) as { id?: unknown; paid_at?: unknown } | null;
  const status = String(raw.status);
  return {
    id: String(raw.id),
    status: status === 'paid' || status === 'cancelled' || status === 'expired' ? status : 'open',
    url: String(raw.url),
    amountCentavos: Number(raw.amount),
    currency: String(raw.currency ?? 'ARS'),
    externalReference: (raw.external_reference as string | null | undefined) ?? null,
    paymentId: payment?.id ? String(payment.id) : null,
    paidAt: typeof payment?.paid_at === 'string' ? new Date(payment.paid_at) : null,
  };
}

/** The redirect provider over plain HTTP with the shared secret; the same code runs against the stand-in. */
export class HttpHostedCheckoutGateway implements HostedCheckoutGateway {
  readonly provider = 'HOSTED' as const;

  constructor(private readonly settings: HostedCheckoutSettings) {}

  private async request(
    what: string,
    path: string,
    init: { method: string; body?: unknown; key?: string; lookup?: boolean },
  ) {
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${this.settings.secret}`,
          'content-type': 'application/json',
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        ...(init.method === 'GET' ? {} : { body: JSON.stringify(init.body ?? {}) }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`${what}: ${(error as Error).message}`, null, { cause: error });
    }
    const text = await response.text();
    // An unknown checkout id is "not found"; a 404 on create means a wrong base URL.
    if (response.status === 404 && init.lookup) throw new PaymentNotFoundError(what);
    if (!response.ok)
      throw new PaymentProviderError(`${what}: ${response.status} ${text.slice(0, 200)}`, response.status);
    try {
      return toCheckout(JSON.parse(text) as Loose);
    } catch (error) {
      throw new PaymentProviderError(`${what}: unreadable answer`, response.status, { cause: error });
    }
  }

  createCheckout(input: CreateHostedCheckoutInput): Promise<HostedCheckout> {
    return this.request('create checkout', '/v1/checkouts', {
      method: 'POST',
      key: input.idempotencyKey,
      body: {
        amount: input.amountCentavos,
        currency: 'ARS',
        description: input.description,
        external_reference: input.externalReference,
        payer_email: input.payerEmail,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        notification_url: this.settings.notificationUrl,
      },
    });
  }

  getCheckout(id: string): Promise<HostedCheckout> {
    return this.request(`checkout ${id}`, `/v1/checkouts/${encodeURIComponent(id)}`, {
      method: 'GET',
      lookup: true,
    });
  }

  expireCheckout(id: string): Promise<HostedCheckout> {
    return this.request(`expire checkout ${id}`, `/v1/checkouts/${encodeURIComponent(id)}/expire`, {
      method: 'POST',
      lookup: true,
    });
  }

  verifyNotification({ signature, rawBody }: HostedWebhookProof): boolean {
    const parts = Object.fromEntries(
      (signature ?? '').split(',').map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      }),
    );
    const timestamp = Number(parts.t);
    if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
    if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
    const expected = createHmac('sha256', this.settings.secret).update(`${timestamp}.${rawBody}`).digest();
    return timingSafeEqual(expected, Buffer.from(parts.v1 as string, 'hex'));
  }
}
