import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { resolveAuth } from '../auth/dev-secret.js';
import type { Config } from '../config.js';
import { sumOfWorkers } from '../metrics/cluster-metrics.js';
import { listenForMetrics } from './metrics-port.js';
import { announce, developmentToken } from './serve.js';

/**
 * WORKERS=N: this process forks N server processes sharing the port (node:cluster hands out the
 * connections), prints what a start prints once, replaces a worker that dies after it started,
 * and passes SIGTERM/SIGINT on. A worker that fails to start fails the whole start. It sums the
 * workers' metrics: on METRICS_PORT, which it serves, and for a worker asked for them on the
 * service's port.
 */
export async function runWorkers(config: Config, log: Logger): Promise<void> {
  // Made once here, so that workers starting together all read the same development secret.
  resolveAuth(config);
  const token = await developmentToken(config);
  const metrics = sumOfWorkers();
  const metricsServer = config.metricsPort === null ? null : await listenForMetrics(metrics, config, log);
  let listening = 0;
  let stopping = false;

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping workers');
    metricsServer?.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };

  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === config.workers) {
      log.info({ workers: config.workers, port: address.port }, 'all workers listening');
      announce(address.port, token);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (listening < config.workers) {
      log.error({ code }, 'a worker could not start');
      stop('SIGTERM');
      process.exitCode = 1;
      return;
    }
    log.warn({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    listening -= 1;
    cluster.fork();
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
}
