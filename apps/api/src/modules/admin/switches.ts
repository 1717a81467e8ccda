import {
  adminFeatureFlagSchema,
  adminServiceControlSchema,
  featureFlagNameSchema,
  serviceControlNameSchema,
  switchesSchema,
  updateFeatureFlagRequestSchema,
  updateServiceControlRequestSchema,
} from '@alcancia/contract/admin';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { featureFlags, serviceControls } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from './audit';

const toControl = (row: typeof serviceControls.$inferSelect) => ({
  name: row.name,
  enabled: row.enabled,
  resource: row.resource,
  reference: row.reference,
  updatedAt: row.updatedAt.toISOString(),
});
const toFlag = (row: typeof featureFlags.$inferSelect) => ({
  name: row.name,
  enabled: row.enabled,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Operator switches (admin only): the service controls (COMMUNITY, CHAT_BOT, social logins,
 * SUBSCRIPTION_CHECKOUT_PROVIDER) and the feature flags. Every API process reads them from the
 * database on each request (GET /service-control/{name}, GET /remote-config/feature-flags), so a
 * change is seen by all of them at once. Only switches that exist (made by the migrations) can be
 * changed.
 */
export const switchesRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async () => ({
      serviceControls: (await app.db.select().from(serviceControls).orderBy(asc(serviceControls.name))).map(
        toControl,
      ),
      featureFlags: (await app.db.select().from(featureFlags).orderBy(asc(featureFlags.name))).map(toFlag),
    }),
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
    async (request) =>
      app.db.transaction(async (tx) => {
        const { name } = request.params;
        const [before] = await tx
          .select()
          .from(serviceControls)
          .where(eq(serviceControls.name, name))
          .for('update');
        if (!before) throw AppError.notFound('No existe ese servicio.');
        const [after] = await tx
          .update(serviceControls)
          .set({
            enabled: request.body.enabled,
            ...(request.body.resource !== undefined ? { resource: request.body.resource } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(serviceControls.name, name))
          .returning();
        if (!after) throw AppError.notFound('No existe ese servicio.');
        await recordAudit(tx, request, {
          action: 'service_control.update',
          targetType: 'service_control',
          targetId: name,
          before: { enabled: before.enabled, resource: before.resource },
          after: { enabled: after.enabled, resource: after.resource },
        });
        return toControl(after);
      }),
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
    async (request) =>
      app.db.transaction(async (tx) => {
        const { name } = request.params;
        const [before] = await tx
          .select()
          .from(featureFlags)
          .where(eq(featureFlags.name, name))
          .for('update');
        if (!before) throw AppError.notFound('No existe ese flag.');
        const [after] = await tx
          .update(featureFlags)
          .set({ enabled: request.body.enabled, updatedAt: sql`now()` })
          .where(eq(featureFlags.name, name))
          .returning();
        if (!after) throw AppError.notFound('No existe ese flag.');
        await recordAudit(tx, request, {
          action: 'feature_flag.update',
          targetType: 'feature_flag',
          targetId: name,
          before: { enabled: before.enabled },
          after: { enabled: after.enabled },
        });
        return toFlag(after);
      }),
  );
};
