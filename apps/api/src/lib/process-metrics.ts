import { Counter, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * Metrics that belong to the process rather than to one app instance: Node's own (CPU, memory,
 * event-loop lag, GC) and the business counters incremented deep inside use-cases that have no
 * app at hand. Each app's /metrics merges this registry with its own (see metrics.ts).
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/** Provider statuses we label by; anything else is counted as `other` (bounded label values). */
const knownPaymentStatuses = new Set([
  'pending',
  'in_process',
  'authorized',
  'in_mediation',
  'approved',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
]);

const payments = new Counter({
  name: 'alcancia_payments_total',
  help: 'Provider payments recorded (first seen, or moved to a new status), by provider and status',
  labelNames: ['provider', 'status'] as const,
  registers: [processRegistry],
});

const webhooks = new Counter({
  name: 'alcancia_webhooks_total',
  help: 'Payment provider webhooks received, by provider and result',
  labelNames: ['provider', 'result'] as const,
  registers: [processRegistry],
});

/** A payment stored or moved to `status` (record-payment.ts). */
export function countPayment(provider: string, status: string): void {
  payments.inc({ provider, status: knownPaymentStatuses.has(status) ? status : 'other' });
}

export type WebhookResult = 'processed' | 'refused' | 'not_found' | 'failed';

/** A webhook answered: processed, refused (bad signature), not_found at the provider, or failed (5xx). */
export function countWebhook(provider: 'mercadopago' | 'hosted-checkout', result: WebhookResult): void {
  webhooks.inc({ provider, result });
}

const jobRuns = new Counter({
  name: 'alcancia_job_runs_total',
  help: 'Background jobs run by this process, by queue and result (a failed run is retried with backoff)',
  labelNames: ['queue', 'result'] as const,
  registers: [processRegistry],
});

/** A job's run ended: completed, or failed (jobs/job-queue.ts). */
export function countJobRun(queue: string, result: 'completed' | 'failed'): void {
  jobRuns.inc({ queue, result });
}
