import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { withinDeadline } from '../deadline.js';

/** What GET /metrics reads: one process's registry, or the sum of every worker's. */
export interface MetricsSource {
  readonly contentType: string;
  metrics(): Promise<string>;
}

const ASK = 'orders:cluster-metrics?';
const ANSWER = 'orders:cluster-metrics';
// The primary gives its workers 5 s to send theirs (prom-client's own deadline); a worker waits a little longer for the sum.
const ASK_DEADLINE_MS = 6_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * In the primary of WORKERS > 1: every worker's metrics summed (prom-client's AggregatorRegistry:
 * counters and histograms add up; each worker offers its registry, see `metricsSourceFor`). It
 * serves METRICS_PORT itself, and answers workers that serve GET /metrics on the service's port.
 */
export function sumOfWorkers(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}

/**
 * What this process's GET /metrics reads: its own registry; in a worker of WORKERS > 1, which
 * holds one share of the requests, the sum of all of them, asked of the primary.
 */
export function metricsSourceFor(registry: Registry): MetricsSource {
  if (!cluster.isWorker) return registry;
  // The worker's side of prom-client's aggregation: it answers the primary's asks with this registry.
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();

  const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  let next = 0;
  process.on('message', (message: Partial<Answer>) => {
    if (message?.type !== ANSWER || message.id === undefined) return;
    const asker = waiting.get(message.id);
    if (message.text !== undefined) asker?.resolve(message.text);
    else asker?.reject(new Error(`the primary could not sum the workers' metrics: ${message.error}`));
  });
  return {
    contentType: registry.contentType,
    metrics: () => {
      const id = next++;
      const asked = new Promise<string>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        process.send!({ type: ASK, id });
      });
      return withinDeadline(ASK_DEADLINE_MS, () => asked).finally(() => waiting.delete(id));
    },
  };
}
