import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Config, whatsAppStandInPrefix } from '../../config';
import { loadSandbox } from '../sandbox';

export type WhatsAppSettings = Config['reminders']['whatsapp'];

/** The Graph API refused the message: its error code (132001 unknown template, 131026 undeliverable, …). */
export class WhatsAppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'WhatsAppError';
  }

  /** Worth trying again later: the network, a 5xx, a rate limit (Graph codes 4, 80007, 130429, 131048, 131056). */
  get retriable(): boolean {
    return (
      this.status === 0 ||
      this.status >= 500 ||
      this.status === 429 ||
      [4, 80007, 130429, 131048, 131056].includes(this.code ?? -1)
    );
  }
}

export interface TemplateMessage {
  /** E.164 (+549…) or digits */
  to: string;
  template: string;
  language: string;
  /** the body's {{1}}, {{2}}, … in order */
  parameters: string[];
}

const timeoutMs = 10_000;

/**
 * The WhatsApp Business Cloud API over HTTP (Graph API): `POST {base}/{version}/{phone-number-id}/messages`
 * with the Bearer token. The same client talks to Meta or to the sandbox's stand-in: only the
 * configuration (base URL, token, ids) changes.
 */
export class WhatsAppClient {
  constructor(private readonly settings: WhatsAppSettings) {}

  get enabled(): boolean {
    return this.settings.mode !== 'disabled';
  }

  /** Sends an approved template; resolves to the message id (wamid). */
  async sendTemplate(message: TemplateMessage): Promise<string> {
    return this.post({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.to.replace(/\D/g, ''),
      type: 'template',
      template: {
        name: message.template,
        language: { code: message.language },
        components: message.parameters.length
          ? [{ type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) }]
          : [],
      },
    });
  }

  /** Free-form text: only inside the 24 hours after she wrote (an answer to her BAJA). */
  async sendText(to: string, text: string): Promise<string> {
    return this.post({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.replace(/\D/g, ''),
      type: 'text',
      text: { body: text },
    });
  }

  /** Whether the webhook body was signed by Meta (X-Hub-Signature-256: sha256=HMAC(app secret, raw body)). */
  verifySignature(rawBody: string, header: string | undefined): boolean {
    if (!this.enabled || !this.settings.appSecret || !header) return false;
    const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
    if (!match?.[1]) return false;
    const expected = createHmac('sha256', this.settings.appSecret).update(rawBody).digest();
    const given = Buffer.from(match[1], 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Meta's subscription check: `hub.verify_token` must be ours. */
  verifyToken(token: string | undefined): boolean {
    const ours = Buffer.from(this.settings.verifyToken);
    const theirs = Buffer.from(token ?? '');
    return this.enabled && ours.length > 0 && ours.length === theirs.length && timingSafeEqual(ours, theirs);
  }

  private async post(body: object): Promise<string> {
    if (!this.enabled) throw new WhatsAppError(503, null, 'WhatsApp is not configured');
    const url = `${this.settings.baseUrl}/${this.settings.version}/${this.settings.phoneNumberId}/messages`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.settings.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new WhatsAppError(
        0,
        null,
        `WhatsApp unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const answer = (await response.json().catch(() => ({}))) as {
      messages?: { id?: string }[];
      error?: { code?: number; message?: string };
    };
    if (!response.ok) {
      throw new WhatsAppError(
        response.status,
        answer.error?.code ?? null,
        answer.error?.message ?? `HTTP ${response.status}`,
      );
    }
    const id = answer.messages?.[0]?.id;
    if (!id) throw new WhatsAppError(502, null, 'WhatsApp answered without a message id');
    return id;
  }
}

/**
 * Outside production without a token: the sandbox's stand-in on the API's own origin, sending its
 * webhooks back to this API's webhook route.
 */
export async function mountWhatsAppStandIn(app: FastifyInstance, config: Config): Promise<void> {
  const settings = config.reminders.whatsapp;
  if (settings.mode !== 'stand-in') return;
  const { whatsAppStandIn } = await loadSandbox(config);
  await app.register(whatsAppStandIn, {
    prefix: whatsAppStandInPrefix,
    accessToken: settings.accessToken,
    appSecret: settings.appSecret,
    phoneNumberId: settings.phoneNumberId,
    webhookUrl: `${config.publicUrl}${settings.webhookPath}`,
  });
}
