import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentOrders, paymentStatusHistory } from '../../db/schema';
import type { Db } from '../../db/transaction';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type OrderKind = OrderRow['kind'];
export type OrderStatus = OrderRow['status'];
type NewOrder = typeof paymentOrders.$inferInsert;

/** Who changed something, for the status history: `user:<id>`, `webhook` or `system`. */
export type Actor = `user:${string}` | 'webhook' | 'system';

const referencePattern =
  /^(subscription|program|guest_tier):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The provider's external_reference of an order: `<kind>:<order id>`. Mercado Pago copies it to
 * every payment (recurring charges included), so a notification finds its order and its module.
 */
export const externalReferenceOf = (order: Pick<OrderRow, 'kind' | 'id'>) => `${order.kind}:${order.id}`;

export function parseExternalReference(
  reference: string | null | undefined,
): { kind: OrderKind; orderId: string } | null {
  const match = reference ? referencePattern.exec(reference) : null;
  return match ? { kind: match[1] as OrderKind, orderId: match[2] as string } : null;
}

export async function addHistory(
  db: Db,
  entry: {
    orderId: string;
    paymentId?: number | null;
    fromStatus: string | null;
    toStatus: string;
    actor: Actor;
    reason: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(paymentStatusHistory).values({ ...entry, details: entry.details ?? {} });
}

/** A new order in status `created`, with its history entry. */
export async function insertOrder(
  db: Db,
  values: Omit<NewOrder, 'status' | 'createdAt' | 'updatedAt'>,
  actor: Actor,
  reason: string,
): Promise<OrderRow> {
  const [order] = await db.insert(paymentOrders).values(values).returning();
  if (!order) throw new Error('order not inserted');
  await addHistory(db, { orderId: order.id, fromStatus: null, toStatus: 'created', actor, reason });
  return order;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return order;
}

export async function findOrderByPreapproval(db: Db, preapprovalId: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerPreapprovalId, preapprovalId));
  return order;
}

/**
 * Moves an order from one of `from` to `to`, in one conditional UPDATE, and records why. Returns
 * null when the order was not in any of `from` (someone else moved it first): callers act only on
 * a non-null result, which is what makes every transition happen once.
 */
export async function transitionOrder(
  db: Db,
  orderId: string,
  from: OrderStatus[],
  to: OrderStatus,
  why: { actor: Actor; reason: string; details?: Record<string, unknown> },
  extra: Partial<Pick<OrderRow, 'refusedReason' | 'upgradeRefundStatus'>> = {},
): Promise<OrderRow | null> {
  const [before] = await db
    .select({ status: paymentOrders.status })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, from)))
    .for('no key update');
  if (!before) return null;
  const [order] = await db
    .update(paymentOrders)
    .set({ status: to, ...extra, updatedAt: sql`now()` })
    .where(and(eq(paymentOrders.id, orderId), inArray(paymentOrders.status, from)))
    .returning();
  if (!order) return null;
  await addHistory(db, { orderId, fromStatus: before.status, toStatus: to, ...why });
  return order;
}

/** Records the provider's agreement id once (the create call and a webhook may race to it). */
export async function attachPreapproval(db: Db, orderId: string, preapprovalId: string): Promise<void> {
  await db
    .update(paymentOrders)
    .set({
      providerPreapprovalId: sql`coalesce(${paymentOrders.providerPreapprovalId}, ${preapprovalId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(paymentOrders.id, orderId));
}
