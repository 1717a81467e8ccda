import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFileUrlRoute } from './get-file-url';
import { serveSignedFileRoute } from './serve-signed-file';

/** GET /api/academy/file-url/* — registered on the academy prefix beside the academy module. */
export const fileUrlModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getFileUrlRoute);
};

/** GET /api/files/* — the local storage driver's signed URLs. */
export const signedFilesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(serveSignedFileRoute);
};
