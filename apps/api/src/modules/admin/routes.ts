import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminFiscalRoutes } from '../invoices/admin-fiscal-routes';
import { listAuditLogRoute } from './audit/list-audit-log';
import { adminCourseRoutes } from './content/course-routes';
import { videoPackagingRoutes } from './content/hls-routes';
import { adminUploadRoutes } from './content/upload-routes';
import { registerAuditCheck } from './core/audit';
import { registerOperatorGuard } from './core/operator-guard';
import { dashboardMetricsRoute } from './dashboard/dashboard-metrics';
import { cancelMemberSubscriptionRoute } from './members/cancel-member-subscription';
import { endMemberSessionsRoute } from './members/end-member-sessions';
import { getMemberRoute } from './members/get-member';
import { memberProductsRoutes } from './members/member-products';
import { resendValidationMailRoute } from './members/resend-validation-mail';
import { searchMembersRoute } from './members/search-members';
import { paymentsAttentionRoutes } from './payments/payments-attention';
import { refundPaymentRoute } from './payments/refund-payment';
import { searchPaymentsRoute } from './payments/search-payments';
import { planPricesRoutes } from './prices/plan-prices';
import { createPromoCodesRoute } from './promo-codes/create-promo-codes';
import { promoCodeRoutes } from './promo-codes/list-promo-codes';
import { registerDemoOperators } from './security/demo-operators';
import { operatorSelfRoutes } from './security/operator-self';
import { switchesRoutes } from './switches/switches';

/**
 * The back office's API, under /api/admin (issue 18). Every route here passes the operator guard
 * (a session with the second factor and a role holding the route's `config.permission`) and every
 * change writes an audit entry (audit.ts). Register new admin routes inside this plugin.
 */
export const adminModule: FastifyPluginAsyncZod = async (app) => {
  registerOperatorGuard(app);
  registerAuditCheck(app);
  registerDemoOperators(app);
  await app.register(operatorSelfRoutes);
  await app.register(listAuditLogRoute);
  // members (support)
  await app.register(searchMembersRoute);
  await app.register(getMemberRoute);
  await app.register(resendValidationMailRoute);
  await app.register(endMemberSessionsRoute);
  await app.register(memberProductsRoutes);
  await app.register(cancelMemberSubscriptionRoute);
  // money (support)
  await app.register(searchPaymentsRoute);
  await app.register(refundPaymentRoute);
  await app.register(paymentsAttentionRoutes);
  await app.register(createPromoCodesRoute);
  await app.register(promoCodeRoutes);
  // content (editor)
  await app.register(adminCourseRoutes);
  await app.register(adminUploadRoutes);
  await app.register(videoPackagingRoutes);
  // switches (admin)
  await app.register(switchesRoutes);
  // dashboard (admin)
  await app.register(dashboardMetricsRoute);
  // plans and prices (admin)
  await app.register(planPricesRoutes);
  // invoices and credit notes (support reads, admin retries)
  await app.register(adminFiscalRoutes);
};
