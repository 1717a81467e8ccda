import type { FastifyInstance } from 'fastify';
import { callerPublicKey, requirePublicKeyOrToken } from '../auth';
import { createCardToken } from '../card-tokens';
import type { EmulatorContext } from '../context';
import { notFound } from '../errors';
import { route } from '../http';

export function registerCardTokenRoutes(app: FastifyInstance, context: EmulatorContext): void {
  const auth = { preHandler: requirePublicKeyOrToken(context) };

  route(app, 'POST', '/v1/card_tokens', auth, async (request, reply) => {
    const token = createCardToken(context, request.body, callerPublicKey(request));
    return reply.status(201).send(token);
  });

  route(app, 'GET', '/v1/card_tokens/:id', auth, async (request) => {
    const { id } = request.params as { id: string };
    const stored = context.store.state.cardTokens[id];
    if (!stored) throw notFound('Card Token not found');
    return stored.resource;
  });
}
