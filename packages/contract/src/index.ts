import './zod-locale';

export * from './academy';
export * from './access';
export * from './account';
export * from './certificates';
export * from './course-viewer';
export * from './dev';
export * from './errors';
export * from './files';
export * from './guest-memberships';
export * from './health';
export * from './payments';
export * from './programs';
export * from './promo-codes';
export * from './rules';
export * from './shop-window';
export * from './subscriptions';
export * from './users';
