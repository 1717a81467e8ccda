import type { FastifyInstance } from 'fastify';
import { requireAccessToken } from '../auth';
import type { EmulatorContext } from '../context';
import { notFound } from '../errors';
import { route } from '../http';
import { idempotent } from '../idempotency';
import { createPreapproval, findPreapproval, updatePreapproval } from '../preapprovals';

export function registerPreapprovalRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const auth = { preHandler: requireAccessToken(context) };

  route(app, 'POST', '/preapproval', auth, (request, reply) =>
    idempotent(context, 'preapproval', request, reply, () => ({
      statusCode: 201,
      body: createPreapproval(context, request.body).resource,
    })),
  );

  route(app, 'GET', '/preapproval/:id', auth, async (request) => {
    return findPreapproval(context, (request.params as { id: string }).id).resource;
  });

  route(app, 'PUT', '/preapproval/:id', auth, async (request) => {
    return updatePreapproval(context, (request.params as { id: string }).id, request.body).resource;
  });

  // A subscription's invoices: each recurring charge attempt and the payment it produced.
  route(app, 'GET', '/authorized_payments/:id', auth, async (request) => {
    const invoice = context.store.state.authorizedPayments[(request.params as { id: string }).id];
    if (!invoice) throw notFound('Authorized payment not found');
    return invoice;
  });
}
