import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { resolveAuth } from '../platform/tokens/dev-secret.js';
import type { Config } from './config.js';
import { sumOfWorkers } from '../platform/metrics/cluster-metrics.js';
import { listenForMetrics } from '../http/metrics-port.js';
import { announce, developmentToken } from './serve.js';

// Beyond the workers' own SHUTDOWN_DELAY_MS and SHUTDOWN_TIMEOUT_MS: time to close the store.
const STRAGGLER_GRACE_MS = 5_000;

/**
 * WORKERS=N: this process forks N server processes sharing the port (each takes its connections
 * from the kernel), prints what a start prints once, replaces a worker that dies after it started,
 * passes SIGTERM/SIGINT on, and exits once every worker has. A worker that fails to start fails
 * the whole start. It sums the workers' metrics: on METRICS_PORT, which it serves, and for a
 * worker asked for them on the service's port.
 */
export async function runWorkers(config: Config, log: Logger): Promise<void> {
  // Made once here, so that workers starting together all read the same development secret.
  resolveAuth(config);
  const token = await developmentToken(config);
  const metrics = sumOfWorkers();
  const metricsServer = config.metricsPort === null ? null : await listenForMetrics(metrics, config, log);
  let listening = 0;
  let stopping = false;

  // Every worker forked and not yet exited: a worker the primary has disconnected is no longer in
  // cluster.workers, though it still runs until its requests are answered.
  const forked = new Set<Worker>();
  const fork = () => void forked.add(cluster.fork());
  const living = () => [...forked].filter((worker) => !worker.isDead());

  // Each worker drains on its own (see serve.ts). The port is shared, not handed out by the
  // primary (node:cluster's round robin): the primary holds the connections it has accepted until
  // a worker takes them, and when the last worker stops listening it closes those, which had been
  // accepted and perhaps sent their requests. Shared, each worker takes its connections from the
  // kernel, and the port closes when the last process holding it closes it: after
  // SHUTDOWN_DELAY_MS the primary disconnects the workers, which closes its own hold at once, and
  // each worker closes its own once connections stop coming (see listener.ts). The primary exits
  // once all have exited: a worker whose primary is gone exits at once (node:cluster sees its
  // channel close), cutting what it had in flight.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping workers');
    metricsServer?.close();
    const running = living();
    if (running.length === 0) process.exit();
    for (const worker of running) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of living()) if (worker.isConnected()) worker.disconnect();
    }, config.shutdown.delayMs);
    // A worker still there once its own deadlines have passed (its store's close hangs, say)
    // will not leave by itself.
    setTimeout(() => {
      for (const worker of living()) {
        log.error({ pid: worker.process.pid }, 'a worker did not stop within SHUTDOWN_TIMEOUT_MS: killed');
        worker.process.kill('SIGKILL');
      }
    }, config.shutdown.delayMs + config.shutdown.timeoutMs + STRAGGLER_GRACE_MS).unref();
  };

  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === config.workers) {
      log.info({ workers: config.workers, port: address.port }, 'all workers listening');
      announce(address.port, token);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    forked.delete(worker);
    if (stopping) {
      if (code !== 0) process.exitCode = 1;
      if (living().length === 0) process.exit();
      return;
    }
    if (listening < config.workers) {
      log.error({ code }, 'a worker could not start');
      process.exitCode = 1;
      stop('SIGTERM');
      return;
    }
    log.warn({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    listening -= 1;
    fork();
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < config.workers; i += 1) fork();
}
