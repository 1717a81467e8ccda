import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMailboxRoute } from './list-mailbox';

/** /api/dev/* — registered only when config.devToolsEnabled (never in production). */
export const devModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(listMailboxRoute);
};
