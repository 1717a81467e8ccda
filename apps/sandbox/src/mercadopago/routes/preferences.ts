import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccessToken } from '../auth';
import type { EmulatorContext } from '../context';
import { notFound } from '../errors';
import { route } from '../http';
import { createPreference, findPreference } from '../preferences';

export function registerPreferenceRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const auth = { preHandler: requireAccessToken(context) };
  // Browsers reach the pay page where they reach the emulator: the configured public address, or
  // the origin of the API call plus the prefix the plugin was registered under.
  const baseUrl = (request: FastifyRequest) =>
    (context.options.publicBaseUrl ?? `${request.protocol}://${request.host}${app.prefix}`).replace(
      /\/$/,
      '',
    );

  route(app, 'POST', '/checkout/preferences', auth, async (request, reply) => {
    return reply.status(201).send(createPreference(context, request.body, baseUrl(request)));
  });

  route(app, 'GET', '/checkout/preferences/:id', auth, async (request) => {
    return findPreference(context, (request.params as { id: string }).id);
  });

  route(app, 'GET', '/merchant_orders/:id', auth, async (request) => {
    const order = context.store.state.merchantOrders[(request.params as { id: string }).id];
    if (!order) throw notFound('Merchant order not found');
    return order;
  });
}
