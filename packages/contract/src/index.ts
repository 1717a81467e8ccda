import './zod-locale';

export * from './dev';
export * from './errors';
export * from './health';
export * from './users';
