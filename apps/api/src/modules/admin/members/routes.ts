import {
  adminActionResultSchema,
  cancelMemberSubscriptionRequestSchema,
  grantProductRequestSchema,
  memberDetailSchema,
  memberListSchema,
  memberSearchQuerySchema,
  revokeProductRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelMemberSubscription } from './cancel-member-subscription';
import { endMemberSessions } from './end-member-sessions';
import { loadMemberDetail, memberIdParams } from './get-member';
import { grantableProductsSchema, listGrantableProducts } from './grantable-products';
import { grantMemberProduct, revokeMemberProduct } from './member-products';
import { resendValidationMail } from './resend-validation-mail';
import { searchMembers } from './search-members';

/**
 * Members as support sees them (web: features/admin/members; permission `members`): the search,
 * a member's page, and what support does for her. No operator acts on her own account
 * (core/operator-guard.ts, `refuseOwnAccount`); each change is audited in its transaction.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/members',
    {
      schema: {
        tags: ['admin'],
        summary: 'Buscar miembros por correo, nombre o teléfono (sin importar tildes ni mayúsculas)',
        security: [{ bearerAuth: [] }],
        querystring: memberSearchQuerySchema,
        response: { 200: memberListSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => searchMembers(app.db, request.query),
  );

  app.get(
    '/members/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Ficha de un miembro: datos, validación, suscripción, compras, pagos, progreso, sesiones, correos',
        security: [{ bearerAuth: [] }],
        params: memberIdParams,
        response: { 200: memberDetailSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => loadMemberDetail(app.db, request.params.id),
  );

  app.post(
    '/members/:id/validation-mail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reenviar el correo de validación a un miembro',
        security: [{ bearerAuth: [] }],
        params: memberIdParams,
        response: { 200: adminActionResultSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => resendValidationMail(app, request, request.params.id),
  );

  app.post(
    '/members/:id/sessions/end',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cerrar todas las sesiones de un miembro',
        security: [{ bearerAuth: [] }],
        params: memberIdParams,
        response: { 200: adminActionResultSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => endMemberSessions(app, request, request.params.id),
  );

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
    async () => listGrantableProducts(app.db),
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
    async (request) => grantMemberProduct(app, request, request.params.id, request.body),
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
    async (request) =>
      revokeMemberProduct(app, request, request.params.id, request.params.productId, request.body.reason),
  );

  app.post(
    '/members/:id/subscription/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancelar la suscripción de un miembro (como su botón de baja), con el motivo',
        security: [{ bearerAuth: [] }],
        params: memberIdParams,
        body: cancelMemberSubscriptionRequestSchema,
        response: { 200: adminActionResultSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => cancelMemberSubscription(app, request, request.params.id, request.body.reason),
  );
};
