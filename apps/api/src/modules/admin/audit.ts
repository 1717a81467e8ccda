/**
 * The audit writer lives in core/audit.ts (decision 0180). This re-export stays only while
 * content/hls-routes.ts and content/cover-routes.ts, held by other work now, import this path.
 */
export { markNoChange, recordAudit } from './core/audit';
