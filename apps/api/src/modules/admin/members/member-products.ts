import type { AdminActionResult, grantProductRequestSchema } from '@alcancia/contract/admin';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { withPersonLock } from '../../../db/person-lock';
import { courses, userPurchases, users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { endProductGrants, grantProduct } from '../../entitlements/product-grants';
import { recordAudit } from '../core/audit';
import { operatorOf, refuseOwnAccount } from '../core/operator-guard';
import { memberNotFound } from './get-member';

/** Programs and packs are what a member owns one by one (user_purchases), like a purchase gives. */
const productTypeOf: Partial<Record<string, 'programs' | 'packs'>> = { PROGRAM: 'programs', PACK: 'packs' };

/**
 * POST /admin/members/{id}/products: gives her a program or pack without a payment (a courtesy, a
 * payment made outside the platform), with the reason in the audit log. The viewer caches of every
 * process follow (users_purchases trigger).
 */
export function grantMemberProduct(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: z.output<typeof grantProductRequestSchema>,
): Promise<AdminActionResult> {
  // One money or access write of hers at a time (decision 0270).
  return withPersonLock(app.database, id, () => grantUnderLock(app, request, id, body));
}

async function grantUnderLock(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  body: z.output<typeof grantProductRequestSchema>,
): Promise<AdminActionResult> {
  const [user] = await app.db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id));
  if (!user || user.deletedAt) throw memberNotFound();
  refuseOwnAccount(request, user.id);
  const [course] = await app.db
    .select({ id: courses.id, kind: courses.kind, name: courses.name })
    .from(courses)
    .where(eq(courses.id, body.productId));
  const productType = course ? productTypeOf[course.kind] : undefined;
  if (!course || !productType) {
    throw AppError.invalidData(
      [{ path: 'productId', message: 'Indicá el id de un programa o de un pack.' }],
      'Solo se pueden dar programas o packs.',
    );
  }
  const source = `admin:${operatorOf(request).id}`;
  const granted = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userPurchases)
      .values({ userId: user.id, productType, productId: course.id, source })
      .onConflictDoNothing()
      .returning({ id: userPurchases.id });
    if (!row) return false;
    await grantProduct(tx, {
      userId: user.id,
      productType,
      productId: course.id,
      source: 'operator',
      operatorId: operatorOf(request).id,
      details: { reason: body.reason },
    });
    await recordAudit(tx, request, {
      action: 'member.product_grant',
      targetType: 'member',
      targetId: user.id,
      after: {
        productType,
        productId: course.id,
        productName: course.name,
        source,
        reason: body.reason,
      },
    });
    return true;
  });
  if (!granted) throw new AppError('ALREADY_OWNED', 409, `Ya tiene ${course.name}.`);
  return { ok: true as const, message: `Le diste ${course.name}.` };
}

/**
 * POST /admin/members/{id}/products/{productId}/revoke: takes one away, whatever gave it (a refund
 * is a separate action), with the reason in the audit log.
 */
export function revokeMemberProduct(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  productId: string,
  reason: string,
): Promise<AdminActionResult> {
  // One money or access write of hers at a time (decision 0270).
  return withPersonLock(app.database, id, () => revokeUnderLock(app, request, id, productId, reason));
}

async function revokeUnderLock(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  productId: string,
  reason: string,
): Promise<AdminActionResult> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!user) throw memberNotFound();
  refuseOwnAccount(request, user.id);
  const removed = await app.db.transaction(async (tx) => {
    const rows = await tx
      .delete(userPurchases)
      .where(and(eq(userPurchases.userId, user.id), eq(userPurchases.productId, productId)))
      .returning();
    if (rows.length === 0) return null;
    await endProductGrants(tx, user.id, { productId }, 'operator');
    await recordAudit(tx, request, {
      action: 'member.product_revoke',
      targetType: 'member',
      targetId: user.id,
      before: rows.map((row) => ({
        productType: row.productType,
        productId: row.productId,
        source: row.source,
      })),
      after: { reason },
    });
    return rows;
  });
  if (!removed) throw AppError.notFound('No tiene ese producto.');
  return { ok: true as const, message: 'Le quitamos el acceso a ese producto.' };
}
