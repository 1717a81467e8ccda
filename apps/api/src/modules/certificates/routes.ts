import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCertificateRoute } from './get-certificate';
import { lookupCertificateRoute } from './lookup-certificate';

/** Certificates, under /api: the PNG download and the anonymous verification by id. */
export const certificatesModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(getCertificateRoute);
  await app.register(lookupCertificateRoute);
};
