import {
  adminActionResultSchema,
  grantProductRequestSchema,
  revokeProductRequestSchema,
} from '@alcancia/contract/admin';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courses, userPurchases, users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { endProductGrants, grantProduct } from '../../entitlements/product-grants';
import { recordAudit } from '../core/audit';
import { operatorOf, refuseOwnAccount } from '../core/operator-guard';
import { memberIdParams, memberNotFound } from './get-member';

/** Programs and packs are what a member owns one by one (user_purchases), like a purchase gives. */
const productTypeOf: Partial<Record<string, 'programs' | 'packs'>> = { PROGRAM: 'programs', PACK: 'packs' };

/** GET /admin/grantable-products: what the member page's picker offers (decision 79). */
export const grantableProductsSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(['PROGRAM', 'PACK']),
        published: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'AdminGrantableProducts' });

/**
 * POST /admin/members/{id}/products: gives her a program or pack without a payment (a courtesy, a
 * payment made outside the platform), with the reason in the audit log. POST
 * /admin/members/{id}/products/{productId}/revoke: takes one away, whatever gave it (a refund is
 * a separate action). The viewer caches of every process follow (users_purchases trigger).
 */
export const memberProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/grantable-products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Programas y packs del catálogo que se pueden dar a un miembro',
        security: [{ bearerAuth: [] }],
        response: { 200: grantableProductsSchema },
      },
      config: { permission: 'members' },
    },
    async () => {
      const rows = await app.db
        .select({ id: courses.id, name: courses.name, kind: courses.kind, published: courses.published })
        .from(courses)
        .where(inArray(courses.kind, ['PROGRAM', 'PACK']))
        .orderBy(desc(courses.kind), asc(courses.name)); // programs, then packs
      return { items: rows.map((row) => ({ ...row, kind: row.kind as 'PROGRAM' | 'PACK' })) };
    },
  );

  app.post(
    '/members/:id/products',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dar un programa o pack a un miembro, con el motivo',
        security: [{ bearerAuth: [] }],
        params: memberIdParams,
        body: grantProductRequestSchema,
        response: { 200: adminActionResultSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => {
      const { id } = request.params;
      refuseOwnAccount(request, id);
      const [user] = await app.db
        .select({ id: users.id, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, id));
      if (!user || user.deletedAt) throw memberNotFound();
      const [course] = await app.db
        .select({ id: courses.id, kind: courses.kind, name: courses.name })
        .from(courses)
        .where(eq(courses.id, request.body.productId));
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
          .values({ userId: id, productType, productId: course.id, source })
          .onConflictDoNothing()
          .returning({ id: userPurchases.id });
        if (!row) return false;
        await grantProduct(tx, {
          userId: id,
          productType,
          productId: course.id,
          source: 'operator',
          operatorId: operatorOf(request).id,
          details: { reason: request.body.reason },
        });
        await recordAudit(tx, request, {
          action: 'member.product_grant',
          targetType: 'member',
          targetId: id,
          after: {
            productType,
            productId: course.id,
            productName: course.name,
            source,
            reason: request.body.reason,
          },
        });
        return true;
      });
      if (!granted) throw new AppError('ALREADY_OWNED', 409, `Ya tiene ${course.name}.`);
      return { ok: true as const, message: `Le diste ${course.name}.` };
    },
  );

  app.post(
    '/members/:id/products/:productId/revoke',
    {
      schema: {
        tags: ['admin'],
        summary: 'Quitar un programa o pack a un miembro, con el motivo',
        security: [{ bearerAuth: [] }],
        params: memberIdParams.extend({ productId: z.string().min(1).max(120) }),
        body: revokeProductRequestSchema,
        response: { 200: adminActionResultSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => {
      const { id, productId } = request.params;
      refuseOwnAccount(request, id);
      const removed = await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(userPurchases)
          .where(and(eq(userPurchases.userId, id), eq(userPurchases.productId, productId)))
          .returning();
        if (rows.length === 0) return null;
        await endProductGrants(tx, id, { productId }, 'operator');
        await recordAudit(tx, request, {
          action: 'member.product_revoke',
          targetType: 'member',
          targetId: id,
          before: rows.map((row) => ({
            productType: row.productType,
            productId: row.productId,
            source: row.source,
          })),
          after: { reason: request.body.reason },
        });
        return rows;
      });
      if (!removed) throw AppError.notFound('No tiene ese producto.');
      return { ok: true as const, message: 'Le quitamos el acceso a ese producto.' };
    },
  );
};
