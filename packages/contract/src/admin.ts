/**
 * Contracts of /api/admin (issue 18), imported as `@alcancia/contract/admin`: kept out of the
 * package's main entry so nothing of the back office reaches the learner's bundles.
 */
import './zod-locale';

export * from './admin-aladina';
export * from './admin-audit';
export * from './admin-auth';
export * from './admin-common';
export * from './admin-content';
export * from './admin-dashboard';
export * from './admin-fiscal';
export * from './admin-members';
export * from './admin-news';
export * from './admin-payments';
export * from './admin-plans';
export * from './admin-promo-codes';
export * from './admin-switches';
export { uuidIdParamsSchema, uuidSchema } from './ids';
