import type { FastifyInstance } from 'fastify';
import { requireAccessToken } from '../auth';
import type { EmulatorContext } from '../context';
import {
  createCustomer,
  customerView,
  deleteCustomerCard,
  findCustomer,
  findCustomerCard,
  saveCustomerCard,
  searchCustomers,
} from '../customers';
import { route } from '../http';
import type { Json } from '../request-body';

// Customers and saved cards: server endpoints, called with the seller's access token only.
export function registerCustomerRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const auth = { preHandler: requireAccessToken(context) };
  type Params = { id: string; cardId: string };

  route(app, 'POST', '/v1/customers', auth, async (request, reply) =>
    reply.status(201).send(createCustomer(context, request.body)),
  );

  // Registered before `/v1/customers/:id`, though the router prefers the static segment anyway.
  route(app, 'GET', '/v1/customers/search', auth, async (request) =>
    searchCustomers(context, request.query as Json),
  );

  route(app, 'GET', '/v1/customers/:id', auth, async (request) =>
    customerView(findCustomer(context, (request.params as Params).id)),
  );

  route(app, 'POST', '/v1/customers/:id/cards', auth, async (request, reply) => {
    const saved = saveCustomerCard(context, (request.params as Params).id, request.body);
    return reply.status(saved.created ? 201 : 200).send(saved.card);
  });

  route(app, 'GET', '/v1/customers/:id/cards', auth, async (request) =>
    Object.values(findCustomer(context, (request.params as Params).id).cards).map((entry) => entry.resource),
  );

  route(app, 'GET', '/v1/customers/:id/cards/:cardId', auth, async (request) => {
    const { id, cardId } = request.params as Params;
    return findCustomerCard(context, id, cardId).resource;
  });

  route(app, 'DELETE', '/v1/customers/:id/cards/:cardId', auth, async (request) => {
    const { id, cardId } = request.params as Params;
    return deleteCustomerCard(context, id, cardId);
  });
}
