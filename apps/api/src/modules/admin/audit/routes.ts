import { auditLogPageSchema, auditLogQuerySchema } from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditLog } from './list-audit-log';

/**
 * The audit log (web: features/admin/audit; permission `audit`): who changed what through the
 * back office. The entries are written by each change (core/audit.ts); this section only reads them.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Registro de auditoría: cada cambio hecho desde el panel, con filtros',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
      config: { permission: 'audit' },
    },
    async (request) => listAuditLog(app.db, request.query),
  );
};
