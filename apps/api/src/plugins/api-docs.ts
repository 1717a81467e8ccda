import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/**
 * OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json, browsable at /api/docs.
 * Off in production unless API_DOCS_ENABLED says so (config.apiDocs): then /api/docs is an
 * unknown route (404) like any other.
 */
export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Alcancía API', version: '0.1.0', description: 'API de la academia Alcancía' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
