import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { WebhookSender } from '../webhook-sender';
import type {
  SentMessage,
  WhatsAppControl,
  WhatsAppStandInOptions,
  WhatsAppTemplate,
  WhatsAppWebhookDelivery,
} from './types';

/** The header Meta signs webhooks with, and how: `sha256=` + HMAC-SHA256(app secret, raw body) in hex. */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

export function whatsAppSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Alcancía's approved templates, plus Meta's sample every new account has. */
export const defaultTemplates: WhatsAppTemplate[] = [
  { name: 'alcancia_codigo_verificacion', language: 'es_AR', bodyParameters: 1, category: 'AUTHENTICATION' },
  { name: 'alcancia_recordatorio', language: 'es_AR', bodyParameters: 2, category: 'UTILITY' },
  { name: 'hello_world', language: 'en_US', bodyParameters: 0, category: 'UTILITY' },
];

/** The Graph API's error shape: `{ error: { message, type, code, error_data?, fbtrace_id } }`. */
class GraphError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly type = 'OAuthException',
  ) {
    super(message);
  }
}

const fbtraceId = () => randomBytes(9).toString('base64url');
const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

function bearer(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

interface TemplateParameter {
  type?: unknown;
  text?: unknown;
}

/** The body parameters of a template message's components, in order; a malformed one refused. */
function bodyParameters(components: unknown): string[] {
  if (components === undefined) return [];
  if (!Array.isArray(components))
    throw new GraphError(400, 100, '(#100) Invalid parameter', 'components must be an array');
  const body = components.find((c) => (c as { type?: unknown })?.type === 'body') as
    | { parameters?: unknown }
    | undefined;
  if (!body) return [];
  if (!Array.isArray(body.parameters))
    throw new GraphError(400, 100, '(#100) Invalid parameter', 'body parameters must be an array');
  return (body.parameters as TemplateParameter[]).map((p) => {
    if (p?.type !== 'text' || typeof p.text !== 'string' || p.text === '')
      throw new GraphError(
        400,
        131008,
        '(#131008) Required parameter is missing',
        'each body parameter needs type text and a text',
      );
    if (p.text.length > 1024)
      throw new GraphError(
        400,
        131009,
        '(#131009) Parameter value is not valid',
        'a parameter has at most 1024 characters',
      );
    return p.text;
  });
}

/**
 * A stand-in for the WhatsApp Business Cloud API, as a Fastify plugin (register it under a prefix;
 * the API uses `/sandbox/whatsapp`): `POST /{version}/{phone-number-id}/messages` sends approved
 * template messages (an unknown template, a wrong language or parameter count is refused with the
 * Graph API's error codes), answers a message id and then posts the message's statuses (sent,
 * delivered, read) to the webhook, signed with X-Hub-Signature-256; free-form text is refused
 * outside the 24-hour window a person's own message opens. People write back through the control
 * API (`inbound`), which posts the inbound message to the webhook the same way. Not wrapped in
 * fastify-plugin: its error handler must not leak into the host app.
 */
export const whatsAppStandIn: FastifyPluginAsync<WhatsAppStandInOptions> = async (app, options) => {
  const templates = new Map((options.templates ?? defaultTemplates).map((t) => [t.name, t]));
  const sent: SentMessage[] = [];
  /** when each person last wrote (opens the 24-hour window for free-form text) */
  const lastInbound = new Map<string, number>();
  const sender = new WebhookSender<WhatsAppWebhookDelivery>();
  const pending = new Set<Promise<unknown>>();
  const statusDelayMs = options.statusDelayMs ?? 30;
  const displayPhoneNumber = options.displayPhoneNumber ?? '5491100000000';

  app.setErrorHandler((error, request, reply: FastifyReply) => {
    if (error instanceof GraphError) {
      return reply.status(error.statusCode).send({
        error: {
          message: error.message,
          type: error.type,
          code: error.code,
          ...(error.details ? { error_data: { messaging_product: 'whatsapp', details: error.details } } : {}),
          fbtrace_id: fbtraceId(),
        },
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({
        error: {
          message: (error as Error).message,
          type: 'OAuthException',
          code: 100,
          fbtrace_id: fbtraceId(),
        },
      });
    }
    request.log.error({ err: error }, 'WhatsApp stand-in failure');
    return reply.status(500).send({
      error: {
        message: 'An unknown error occurred',
        type: 'OAuthException',
        code: 1,
        fbtrace_id: fbtraceId(),
      },
    });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(400).send({
      error: {
        message: 'Unsupported request - method type: get',
        type: 'GraphMethodException',
        code: 100,
        fbtrace_id: fbtraceId(),
      },
    }),
  );
  app.addHook('onClose', async () => sender.close());

  /** The webhook envelope Meta posts: one entry, one change of field `messages`. */
  function envelope(value: Record<string, unknown>): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: displayPhoneNumber,
                  phone_number_id: options.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  function post(kind: WhatsAppWebhookDelivery['kind'], messageId: string, body: string) {
    const url = options.webhookUrl;
    if (!url) return Promise.resolve(null);
    const delivery: WhatsAppWebhookDelivery = {
      url,
      kind,
      messageId,
      attempts: 0,
      status: null,
      delivered: false,
      error: null,
      at: new Date().toISOString(),
    };
    return sender.deliver(delivery, () => ({
      url,
      headers: {
        'content-type': 'application/json',
        [WHATSAPP_SIGNATURE_HEADER]: whatsAppSignature(options.appSecret, body),
      },
      body,
    }));
  }

  function statusWebhook(message: SentMessage, status: 'sent' | 'delivered' | 'read') {
    message.status = status;
    const body = envelope({
      statuses: [
        {
          id: message.id,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: message.to,
          ...(status === 'sent'
            ? { pricing: { billable: true, pricing_model: 'PMP', category: 'utility' } }
            : {}),
        },
      ],
    });
    return post('status', message.id, body);
  }

  /** sent, delivered, read: one after the other, each after a short pause, like a phone that reads it. */
  function followUp(message: SentMessage) {
    const run = (async () => {
      for (const status of ['sent', 'delivered', 'read'] as const) {
        await new Promise((resolve) => setTimeout(resolve, statusDelayMs).unref());
        await statusWebhook(message, status);
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  const control: WhatsAppControl = {
    messages: (to) =>
      sent
        .filter((m) => !to || m.to === to.replace(/\D/g, ''))
        .map((m) => ({ ...m, parameters: [...m.parameters] })),
    async inbound(from, text) {
      const wa = from.replace(/\D/g, '');
      lastInbound.set(wa, Date.now());
      const id = wamid();
      const body = envelope({
        contacts: [{ profile: { name: 'Contacto' }, wa_id: wa }],
        messages: [
          {
            from: wa,
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      });
      return post('inbound', id, body);
    },
    async resendStatus(messageId, status) {
      const message = sent.find((m) => m.id === messageId);
      if (!message) return null;
      return statusWebhook(message, status);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    deliveries: () => sender.deliveries(),
    reset() {
      sent.length = 0;
      lastInbound.clear();
      sender.clearLog();
    },
  };
  options.onControl?.(control);

  app.post('/:version/:phoneNumberId/messages', async (request, reply) => {
    const { version, phoneNumberId } = request.params as { version: string; phoneNumberId: string };
    if (bearer(request) !== options.accessToken)
      throw new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    if (!/^v\d+\.\d+$/.test(version)) throw new GraphError(400, 2500, 'Unknown path components');
    if (phoneNumberId !== options.phoneNumberId)
      throw new GraphError(
        400,
        100,
        `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        undefined,
        'GraphMethodException',
      );
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
      string,
      unknown
    >;
    if (body.messaging_product !== 'whatsapp')
      throw new GraphError(400, 100, '(#100) The parameter messaging_product is required.');
    const to = typeof body.to === 'string' ? body.to.replace(/^\+/, '') : '';
    if (!/^\d{8,15}$/.test(to))
      throw new GraphError(
        400,
        131009,
        '(#131009) Parameter value is not valid',
        'to must be a phone number',
      );
    const type = body.type ?? 'text';
    let message: SentMessage;
    if (type === 'template') {
      const template = (body.template ?? {}) as {
        name?: unknown;
        language?: { code?: unknown };
        components?: unknown;
      };
      const known = typeof template.name === 'string' ? templates.get(template.name) : undefined;
      const language = template.language?.code;
      if (!known || known.language !== language) {
        throw new GraphError(
          404,
          132001,
          '(#132001) Template name does not exist in the translation',
          `template name (${String(template.name)}) does not exist in ${String(language)}`,
        );
      }
      const parameters = bodyParameters(template.components);
      if (parameters.length !== known.bodyParameters) {
        throw new GraphError(
          400,
          132000,
          '(#132000) Number of parameters does not match the expected number of params',
          `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${known.bodyParameters})`,
        );
      }
      message = {
        id: wamid(),
        to,
        type: 'template',
        template: known.name,
        language: known.language,
        parameters,
        status: 'accepted',
        at: new Date().toISOString(),
      };
    } else if (type === 'text') {
      const last = lastInbound.get(to);
      if (!last || Date.now() - last > 24 * 3600 * 1000) {
        throw new GraphError(
          400,
          131047,
          '(#131047) Re-engagement message',
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        );
      }
      const text = (body.text ?? {}) as { body?: unknown };
      if (typeof text.body !== 'string' || text.body === '')
        throw new GraphError(400, 100, "(#100) The parameter text['body'] is required.");
      message = {
        id: wamid(),
        to,
        type: 'text',
        template: null,
        language: null,
        parameters: [text.body],
        status: 'accepted',
        at: new Date().toISOString(),
      };
    } else {
      throw new GraphError(
        400,
        100,
        `(#100) Param type must be one of {TEXT, TEMPLATE} - got "${String(type)}".`,
      );
    }
    sent.push(message);
    if (sent.length > 1000) sent.shift();
    followUp(message);
    return reply.status(200).send({
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id: message.id, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
    });
  });

  // The control API, for browser tests and people trying things by hand (never in production:
  // the API mounts the stand-in only outside it).
  app.get('/_control/messages', async (request) => {
    const to = (request.query as { to?: string }).to;
    return { messages: control.messages(typeof to === 'string' ? to : undefined) };
  });
  app.post('/_control/inbound', async (request, reply) => {
    const body = (request.body ?? {}) as { from?: unknown; text?: unknown };
    if (typeof body.from !== 'string' || typeof body.text !== 'string')
      return reply.status(400).send({ error: { message: 'from and text are required', code: 100 } });
    const delivery = await control.inbound(body.from, body.text);
    return { delivery };
  });
};
