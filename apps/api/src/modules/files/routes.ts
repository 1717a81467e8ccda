import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serveSignedFileRoute } from './serve-signed-file';

/** GET /api/files/* — the local storage driver's signed URLs. */
export const signedFilesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(serveSignedFileRoute);
};
