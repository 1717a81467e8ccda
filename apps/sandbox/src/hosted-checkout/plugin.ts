import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CheckoutNotifier } from './notifier';
import { CHECKOUT_CSS, renderNotFoundPage, renderPayPage, renderStatusPage } from './pages';
import type { CheckoutResource, HostedCheckoutControl, HostedCheckoutOptions } from './types';

/** How long the pay button waits for the seller to take the webhook before redirecting the browser. */
const WEBHOOK_WAIT_MS = 8000;

class CheckoutError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const badRequest = (message: string) => new CheckoutError(400, 'bad_request', message);
const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/\S+$/.test(value) && URL.canParse(value);

function bearer(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The create request's fields, checked like a provider would: nothing is stored on a bad one. */
function readCreateBody(raw: unknown) {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const { amount, description, currency = 'ARS' } = body;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
    throw badRequest('amount must be a positive integer of centavos');
  }
  if (currency !== 'ARS') throw badRequest('currency must be ARS');
  if (typeof description !== 'string' || description.trim() === '')
    throw badRequest('description is required');
  if (!isHttpUrl(body.success_url)) throw badRequest('success_url must be an http(s) URL');
  if (!isHttpUrl(body.cancel_url)) throw badRequest('cancel_url must be an http(s) URL');
  if (body.notification_url != null && !isHttpUrl(body.notification_url)) {
    throw badRequest('notification_url must be an http(s) URL');
  }
  const optionalText = (key: string) => {
    const value = body[key];
    if (value == null) return null;
    if (typeof value !== 'string') throw badRequest(`${key} must be a string`);
    return value;
  };
  return {
    amount,
    currency: 'ARS' as const,
    description: description.trim(),
    external_reference: optionalText('external_reference'),
    payer_email: optionalText('payer_email'),
    success_url: body.success_url,
    cancel_url: body.cancel_url,
    notification_url: (body.notification_url as string | undefined) ?? null,
  };
}

/**
 * A stand-in for the second (redirect) payment provider, as a Fastify plugin: a server API to
 * create, read and expire checkouts (authenticated with the shared secret), a Spanish pay page with
 * 'Pagar' and 'Cancelar', and signed webhooks. Register it under a prefix (the API uses
 * `/sandbox/hosted-checkout`); it keeps its own error handler and form parser, which must not leak
 * into the host app, so it is deliberately not wrapped in fastify-plugin.
 */
export const hostedCheckoutStandIn: FastifyPluginAsync<HostedCheckoutOptions> = async (app, options) => {
  const checkouts = new Map<string, CheckoutResource>();
  const idempotency = new Map<string, { fingerprint: string; checkoutId: string }>();
  const notifier = new CheckoutNotifier(options.secret, app.log);
  const base = app.prefix;

  // The pay page's buttons post empty forms.
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.removeContentTypeParser('application/x-www-form-urlencoded');
  }
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
  );
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CheckoutError) {
      return reply.status(error.statusCode).send({ error: error.code, message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: 'bad_request', message: (error as Error).message });
    }
    request.log.error({ err: error }, 'hosted checkout stand-in failure');
    return reply.status(500).send({ error: 'internal_error', message: 'Internal server error' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ error: 'not_found', message: 'Not found' }),
  );
  app.addHook('onClose', async () => notifier.close());

  const requireSecret = async (request: FastifyRequest) => {
    if (bearer(request) !== options.secret) throw new CheckoutError(401, 'unauthorized', 'invalid secret');
  };
  const find = (id: string) => {
    const checkout = checkouts.get(id);
    if (!checkout) throw new CheckoutError(404, 'not_found', 'Checkout not found');
    return checkout;
  };
  const touch = (checkout: CheckoutResource) => {
    checkout.updated_at = new Date().toISOString();
  };

  /** open → paid, once; the webhook's first delivery (and its retries) end before this resolves. */
  async function pay(checkout: CheckoutResource): Promise<void> {
    if (checkout.status !== 'open') return;
    const now = new Date().toISOString();
    checkout.status = 'paid';
    checkout.payment = { id: `hcp_${randomUUID().replace(/-/g, '')}`, paid_at: now };
    touch(checkout);
    const delivery = notifier.notify(checkout, 'checkout.paid');
    await Promise.race([delivery, new Promise((resolve) => setTimeout(resolve, WEBHOOK_WAIT_MS).unref())]);
  }

  const control: HostedCheckoutControl = {
    async pay(id) {
      const checkout = find(id);
      await pay(checkout);
      return structuredClone(checkout);
    },
    replayWebhook: (id, times = 1) => notifier.replay(find(id), times),
    deliveries: () => notifier.deliveries(),
    checkouts: () => [...checkouts.values()].map((c) => structuredClone(c)),
    reset() {
      checkouts.clear();
      idempotency.clear();
      notifier.reset();
    },
  };
  options.onControl?.(control);

  registerServerApi(app, { checkouts, idempotency, requireSecret, find, touch, notifier, options, base });

  app.get('/checkout.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CHECKOUT_CSS),
  );

  app.get('/pay/:id', async (request, reply) => {
    const checkout = checkouts.get((request.params as { id: string }).id);
    if (!checkout) return html(reply, 404, renderNotFoundPage(base));
    if (checkout.status !== 'open') return html(reply, 200, renderStatusPage(base, checkout));
    return html(reply, 200, renderPayPage(base, checkout));
  });

  app.post('/pay/:id/pagar', async (request, reply) => {
    const checkout = checkouts.get((request.params as { id: string }).id);
    if (!checkout) return html(reply, 404, renderNotFoundPage(base));
    if (checkout.status !== 'open') return html(reply, 409, renderStatusPage(base, checkout));
    await pay(checkout);
    return reply.redirect(checkout.success_url, 303);
  });

  app.post('/pay/:id/cancelar', async (request, reply) => {
    const checkout = checkouts.get((request.params as { id: string }).id);
    if (!checkout) return html(reply, 404, renderNotFoundPage(base));
    if (checkout.status !== 'open') return html(reply, 409, renderStatusPage(base, checkout));
    checkout.status = 'cancelled';
    touch(checkout);
    void notifier.notify(checkout, 'checkout.cancelled');
    return reply.redirect(checkout.cancel_url, 303);
  });
};

interface ServerApiContext {
  checkouts: Map<string, CheckoutResource>;
  idempotency: Map<string, { fingerprint: string; checkoutId: string }>;
  requireSecret: (request: FastifyRequest) => Promise<void>;
  find: (id: string) => CheckoutResource;
  touch: (checkout: CheckoutResource) => void;
  notifier: CheckoutNotifier;
  options: HostedCheckoutOptions;
  base: string;
}

/** The seller's API: create (once per Idempotency-Key), read, expire. */
function registerServerApi(app: FastifyInstance, context: ServerApiContext): void {
  const { checkouts, idempotency, requireSecret, find, touch, notifier, options, base } = context;
  const auth = { preHandler: requireSecret };

  app.post('/v1/checkouts', auth, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key !== '' ? key : null;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(request.body ?? {}))
      .digest('hex');
    if (idempotencyKey) {
      const known = idempotency.get(idempotencyKey);
      if (known && known.fingerprint !== fingerprint) {
        throw new CheckoutError(
          409,
          'idempotency_conflict',
          'Idempotency-Key already used with another request',
        );
      }
      if (known) return reply.status(201).send(find(known.checkoutId));
    }
    const fields = readCreateBody(request.body);
    const publicBase = (options.publicBaseUrl ?? `${request.protocol}://${request.host}${base}`).replace(
      /\/$/,
      '',
    );
    const id = `hc_${randomUUID().replace(/-/g, '')}`;
    const now = new Date().toISOString();
    const checkout: CheckoutResource = {
      id,
      status: 'open',
      ...fields,
      url: `${publicBase}/pay/${id}`,
      payment: null,
      created_at: now,
      updated_at: now,
    };
    checkouts.set(id, checkout);
    if (idempotencyKey) idempotency.set(idempotencyKey, { fingerprint, checkoutId: id });
    return reply.status(201).send(checkout);
  });

  app.get('/v1/checkouts/:id', auth, async (request) => find((request.params as { id: string }).id));

  app.post('/v1/checkouts/:id/expire', auth, async (request) => {
    const checkout = find((request.params as { id: string }).id);
    if (checkout.status === 'open') {
      checkout.status = 'expired';
      touch(checkout);
      void notifier.notify(checkout, 'checkout.expired');
    }
    return checkout;
  });
}
