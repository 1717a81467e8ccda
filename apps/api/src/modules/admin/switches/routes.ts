import {
  adminFeatureFlagSchema,
  adminServiceControlSchema,
  featureFlagNameSchema,
  serviceControlNameSchema,
  switchesSchema,
  updateFeatureFlagRequestSchema,
  updateServiceControlRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSwitches } from './list-switches';
import { updateFeatureFlag, updateServiceControl } from './update-switch';

/**
 * Operator switches (web: features/admin/switches; permission `switches`, admin only): the
 * service controls (COMMUNITY, CHAT_BOT, social logins, SUBSCRIPTION_CHECKOUT_PROVIDER) and the
 * feature flags. Every API process reads them from the database on each request (GET
 * /service-control/{name}, GET /remote-config/feature-flags), so a change is seen by all of them
 * at once. Only switches that exist (made by the migrations) can be changed.
 */
export const switchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/switches',
    {
      schema: {
        tags: ['admin'],
        summary: 'Servicios (interruptores) y flags de funcionalidades',
        security: [{ bearerAuth: [] }],
        response: { 200: switchesSchema },
      },
      config: { permission: 'switches' },
    },
    async () => listSwitches(app.db),
  );

  app.put(
    '/service-controls/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Encender o apagar un servicio (y su dirección)',
        security: [{ bearerAuth: [] }],
        params: serviceControlNameSchema,
        body: updateServiceControlRequestSchema,
        response: { 200: adminServiceControlSchema },
      },
      config: { permission: 'switches' },
    },
    async (request) => updateServiceControl(app.db, request, request.params.name, request.body),
  );

  app.put(
    '/feature-flags/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Encender o apagar un flag de funcionalidad',
        security: [{ bearerAuth: [] }],
        params: featureFlagNameSchema,
        body: updateFeatureFlagRequestSchema,
        response: { 200: adminFeatureFlagSchema },
      },
      config: { permission: 'switches' },
    },
    async (request) => updateFeatureFlag(app.db, request, request.params.name, request.body.enabled),
  );
};
