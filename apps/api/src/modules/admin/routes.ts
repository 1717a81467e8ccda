import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAladinaRoutes } from './aladina/routes';
import { auditRoutes } from './audit/routes';
import { adminCourseRoutes } from './content/course-routes';
import { videoPackagingRoutes } from './content/hls-routes';
import { adminUploadRoutes } from './content/upload-routes';
import { registerAuditCheck } from './core/audit';
import { registerOperatorGuard } from './core/operator-guard';
import { dashboardRoutes } from './dashboard/routes';
import { adminFiscalRoutes } from './fiscal/routes';
import { memberRoutes } from './members/routes';
import { adminNewsRoutes } from './news/routes';
import { paymentRoutes } from './payments/routes';
import { priceRoutes } from './prices/routes';
import { promoCodeRoutes } from './promo-codes/routes';
import { registerDemoOperators } from './security/demo-operators';
import { securityRoutes } from './security/routes';
import { switchRoutes } from './switches/routes';

/**
 * The back office's API, under /api/admin (issue 18). One folder per section of the panel, named
 * as the web's features/admin/* (decision 0180): each has its routes.ts (thin handlers) and one
 * file per use-case with its SQL. Every route passes the operator guard (core/operator-guard.ts:
 * a session with the second factor and a role holding the route's `config.permission`) and every
 * change writes an audit entry (core/audit.ts). Register a new section's routes inside this plugin.
 */
export const adminModule: FastifyPluginAsyncZod = async (app) => {
  registerOperatorGuard(app);
  registerAuditCheck(app);
  registerDemoOperators(app);
  await app.register(securityRoutes); // her own access (every role)
  await app.register(auditRoutes); // admin
  await app.register(memberRoutes); // support
  await app.register(paymentRoutes); // support
  await app.register(promoCodeRoutes); // support
  // content (editor)
  await app.register(adminCourseRoutes);
  await app.register(adminUploadRoutes);
  await app.register(videoPackagingRoutes);
  await app.register(adminNewsRoutes); // Novedades' posts (issue 44)
  await app.register(switchRoutes); // admin
  await app.register(adminAladinaRoutes); // content: what learners ask Aladina (issue 42)
  await app.register(dashboardRoutes); // admin
  await app.register(priceRoutes); // admin
  // invoices and credit notes (support reads, admin retries; web: features/admin/fiscal)
  await app.register(adminFiscalRoutes);
};
