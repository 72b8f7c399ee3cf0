import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { PlatformConfig } from '../platform/config/platform.js';
import { createMetricsRoute } from './metrics-route.js';
import { fromNode, sendNode } from './node-adapter.js';
import { answerError, refuse } from './responses.js';
import type { MetricsSource } from '../platform/metrics/cluster-metrics.js';

/** GET /metrics alone, on METRICS_PORT: a port operators keep private, so it needs no token. */
export async function listenForMetrics(source: MetricsSource, config: Pick<PlatformConfig, 'metricsPort' | 'host'>, log: Logger): Promise<Server> {
  const route = createMetricsRoute(source, null);
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics') return sendNode(res, refuse('NOT_FOUND'));
    sendNode(res, await route(fromNode(req), path).catch((error: unknown) => answerError(error, log)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort!, config.host, resolve);
  });
  return server;
}
