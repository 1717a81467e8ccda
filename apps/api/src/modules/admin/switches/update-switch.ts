import type { AdminFeatureFlag, AdminServiceControl } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { featureFlags, serviceControls } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import {
  subscriptionCheckoutProviderControl,
  subscriptionCheckoutProviders,
} from '../../service-control/subscription-checkout-provider';
import { recordAudit } from '../core/audit';
import { toControl, toFlag } from './switch-views';

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
  // the launcher's assistant is CHAT_BOT's alone (issue 42)
  audited: (row) => ({
    enabled: row.enabled,
    resource: row.resource,
    ...(row.name === 'CHAT_BOT' ? { reference: row.reference } : {}),
  }),
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
    // The plan list (cached in every process) shows each plan's checkout provider, which this decides.
    if (name === subscriptionCheckoutProviderControl) await announceContentChange(tx);
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

/** PUT /admin/service-controls/{name}: on or off, and its address when given. */
export async function updateServiceControl(
  db: Db,
  request: FastifyRequest,
  name: string,
  {
    enabled,
    resource,
    reference,
  }: { enabled: boolean; resource?: string | null | undefined; reference?: string | undefined },
): Promise<AdminServiceControl> {
  // the launcher's assistant (issue 42): only CHAT_BOT has one to choose
  if (reference !== undefined && name !== 'CHAT_BOT') {
    const message = 'Solo el asistente (CHAT_BOT) elige a quién abre.';
    throw AppError.invalidData([{ path: 'reference', message }], message);
  }
  const providerCode = resource?.trim().toUpperCase();
  if (
    name === subscriptionCheckoutProviderControl &&
    providerCode !== undefined &&
    !(subscriptionCheckoutProviders as readonly string[]).includes(providerCode)
  ) {
    const message = `El proveedor de cobro de suscripciones es ${subscriptionCheckoutProviders.join(' (Mercado Pago) o ')} (el segundo proveedor).`;
    throw AppError.invalidData([{ path: 'resource', message }], message);
  }
  const after = await updateSwitch(db, request, serviceControlKind, name, {
    enabled,
    ...(reference !== undefined ? { reference } : {}),
    ...(resource !== undefined
      ? { resource: name === subscriptionCheckoutProviderControl ? (providerCode ?? null) : resource }
      : {}),
  });
  return toControl(after);
}

/** PUT /admin/feature-flags/{name}: on or off. */
export async function updateFeatureFlag(
  db: Db,
  request: FastifyRequest,
  name: string,
  enabled: boolean,
): Promise<AdminFeatureFlag> {
  return toFlag(await updateSwitch(db, request, featureFlagKind, name, { enabled }));
}
