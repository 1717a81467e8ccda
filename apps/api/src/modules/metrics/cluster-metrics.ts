import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';

/**
 * /metrics under node:cluster. A scrape reaches one worker (the primary hands each connection to
 * one); that worker asks the primary, the primary asks every worker for its samples through
 * prom-client's AggregatorRegistry (workers answer from the registries metrics.ts sets) and sends
 * back their aggregate: counters and histograms summed, the database's backlogs taken once (max).
 */

const request = 'alcancia:cluster-metrics-request';
const response = 'alcancia:cluster-metrics-response';
/** prom-client gives every worker 5 s to answer; this covers it and the two hops. */
const timeoutMs = 7_000;

interface MetricsRequest {
  type: typeof request;
  id: string;
}
interface MetricsResponse {
  type: typeof response;
  id: string;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' requests for the whole cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: Partial<MetricsRequest>) => {
    if (message?.type !== request || typeof message.id !== 'string') return;
    const id = message.id;
    const reply = (answer: Omit<MetricsResponse, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: response, id, ...answer } satisfies MetricsResponse);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** In a worker: the whole cluster's metrics, in Prometheus' text format. */
export function askPrimaryForClusterMetrics(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the cluster primary did not answer in time'));
    }, timeoutMs);
    function onMessage(message: Partial<MetricsResponse>) {
      if (message?.type !== response || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (typeof message.text === 'string') resolve(message.text);
      else reject(new Error(message.error ?? 'no metrics'));
    }
    process.on('message', onMessage);
    if (!process.send) {
      clearTimeout(timer);
      process.off('message', onMessage);
      reject(new Error('not a cluster worker'));
      return;
    }
    process.send({ type: request, id } satisfies MetricsRequest);
  });
}
