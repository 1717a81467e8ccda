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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { featureFlags, serviceControls } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { recordAudit } from '../core/audit';

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

/** What tells a service control from a feature flag when one is switched; the rest is shared. */
interface SwitchKind<T extends typeof serviceControls | typeof featureFlags> {
  table: T;
  /** audit target type; the action is `<targetType>.update` */
  targetType: 'service_control' | 'feature_flag';
  notFound: string;
  /** the fields the audit entry keeps before and after */
  audited: (row: T['$inferSelect']) => Record<string, unknown>;
}

const serviceControlKind: SwitchKind<typeof serviceControls> = {
  table: serviceControls,
  targetType: 'service_control',
  notFound: 'No existe ese servicio.',
  audited: (row) => ({ enabled: row.enabled, resource: row.resource }),
};

const featureFlagKind: SwitchKind<typeof featureFlags> = {
  table: featureFlags,
  targetType: 'feature_flag',
  notFound: 'No existe ese flag.',
  audited: (row) => ({ enabled: row.enabled }),
};

/**
 * Changes one existing switch in a transaction: locks its row, writes the change with a fresh
 * `updatedAt` and the audit entry (before/after). 404 when no switch has that name.
 */
async function updateSwitch<T extends typeof serviceControls | typeof featureFlags>(
  db: Db,
  request: FastifyRequest,
  kind: SwitchKind<T>,
  name: string,
  changes: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const table = kind.table as typeof serviceControls | typeof featureFlags;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.name, name)).for('update');
    if (!before) throw AppError.notFound(kind.notFound);
    const [after] = await tx
      .update(table)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(table.name, name))
      .returning();
    if (!after) throw AppError.notFound(kind.notFound);
    await recordAudit(tx, request, {
      action: `${kind.targetType}.update`,
      targetType: kind.targetType,
      targetId: name,
      before: kind.audited(before),
      after: kind.audited(after),
    });
    return after;
  });
}

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
    async (request) => {
      const { enabled, resource } = request.body;
      const after = await updateSwitch(app.db, request, serviceControlKind, request.params.name, {
        enabled,
        ...(resource !== undefined ? { resource } : {}),
      });
      return toControl(after);
    },
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
    async (request) => {
      const after = await updateSwitch(app.db, request, featureFlagKind, request.params.name, {
        enabled: request.body.enabled,
      });
      return toFlag(after);
    },
  );
};
