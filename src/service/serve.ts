import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { resolveAuth } from '../platform/tokens/dev-secret.js';
import { signToken } from '../platform/tokens/sign-token.js';
import { composeService } from './compose.js';
import { createListener } from '../platform/listener.js';
import { listenForMetrics } from '../http/metrics-port.js';
import { createRateLimit } from '../http/rate-limiter.js';
import type { Config } from './config.js';
import type { Sql } from '../platform/store/sql.js';
import { startTracing } from '../platform/tracing/start.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const DEV_TOKEN_TTL_SECONDS = 24 * 3600;

/** The development token: pre-filled in GraphiQL and printed at start, outside production only. */
export async function developmentToken(config: Config): Promise<string | undefined> {
  const { secret, development } = resolveAuth(config);
  if (!development || !secret) return undefined;
  return signToken(secret, { sub: 'developer', ttlSeconds: DEV_TOKEN_TTL_SECONDS });
}

export function announce(port: number, token: string | undefined): void {
  console.log(`GraphiQL: http://localhost:${port}/graphql`);
  if (token) {
    console.log(`Development token (24 h, sub "developer"), also pre-filled in GraphiQL:\n  Authorization: Bearer ${token}`);
  }
}

/**
 * One server process: starts tracing when configured, takes the store being opened, wires the
 * service, listens, and on SIGTERM or SIGINT stops taking connections, lets the requests in
 * flight finish, closes the store, and sends the spans still queued.
 */
export async function serve(config: Config, log: Logger, opening: Promise<Sql>, { quiet = false } = {}): Promise<void> {
  // Before the service is made: its parts choose their traced form as they are made.
  const tracing = await startTracing(config.tracing, { log });
  if (config.tracing.enabled) log.info({ sampler: config.tracing.sampler, ratio: config.tracing.ratio }, 'tracing on');
  const { secret } = resolveAuth(config);
  const sql = await opening;
  const graphiqlToken = await developmentToken(config);
  const rateLimit = createRateLimit(config);
  let draining = false;
  const service = await composeService({
    config,
    sql,
    log,
    secret,
    graphiqlToken,
    rateLimit: rateLimit?.limit ?? null,
    draining: () => draining,
  });
  const { app, metrics } = service;

  const server = createListener(app, sql, config.timeouts, config.maxBodyBytes, config.shutdown.idleGraceMs);
  // With WORKERS > 1 the primary serves METRICS_PORT, with every worker's metrics summed.
  const metricsServer = config.metricsPort === null || cluster.isWorker ? null : await listenForMetrics(metrics.registry, config, log);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, host: config.host }, 'listening');
  if (!quiet) announce(port, graphiqlToken);

  // SIGTERM: /readyz answers 503 at once, so that a load balancer stops sending; requests are
  // still taken as before for SHUTDOWN_DELAY_MS while it notices. Then the listener closes: the
  // port closes, every answer from then on closes its connection and connections with no request
  // in flight are closed once silent for SHUTDOWN_IDLE_GRACE_MS (a request that came meanwhile is
  // answered), so that clients on keep-alive connections go elsewhere instead of being served to
  // the end and cut; the requests in flight finish (their orders committed and answered) within
  // SHUTDOWN_TIMEOUT_MS, and the store closes last. A worker does the same, except that the port
  // is the primary's, which closes it then (see workers.ts); the primary waits for its workers.
  const stop = async (signal: string) => {
    if (draining) return;
    draining = true;
    log.info({ signal }, 'shutting down');
    await sleep(config.shutdown.delayMs);
    log.info('closing connections');
    const { cut } = await server.closeGracefully(config.shutdown.timeoutMs, { portClosedByPrimary: cluster.isWorker });
    if (cut) log.warn('requests were still in flight at SHUTDOWN_TIMEOUT_MS: their connections were closed');
    metricsServer?.close();
    await rateLimit?.close();
    await service.stop();
    await sql.close();
    // The last spans, those of the requests that just finished, are sent before the exit.
    await tracing.shutdown();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
