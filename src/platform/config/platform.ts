import { EMBEDDED_DURABILITIES, type EmbeddedDurability } from '../store/embedded-durability.js';
import type { TracingSettings } from '../tracing/settings.js';
import { ConfigError, declareSettings, type Reader } from './settings.js';
import { readTracingSettings, TRACING_SETTINGS } from './tracing.js';

/** What every part runs on: the listener, the store, tokens, logs, metrics, shutdown, tracing. */
export const PLATFORM_SETTINGS = declareSettings({
  PORT: { default: '4000', doc: 'HTTP port' },
  HOST: { default: '0.0.0.0', doc: 'bind address' },
  PUBLIC_URL: { default: '', doc: 'base URL of this service as clients see it (sandbox payment links); default http://localhost:PORT' },
  WORKERS: { default: '1', doc: 'server processes sharing the port; more than 1 needs DATABASE_URL' },
  NODE_ENV: { default: '', doc: '`production` refuses to start without an AUTH_* setting and never prints tokens' },
  LOG_LEVEL: { default: 'info', doc: 'pino log level: fatal, error, warn, info, debug, trace or silent' },
  // The store.
  DATA_DIR: { default: './data', doc: 'where the embedded store (PGlite) keeps its files, and the development secret' },
  DATABASE_URL: { default: '', doc: 'postgres://… to use that PostgreSQL server instead of the embedded store' },
  EMBEDDED_DURABILITY: { default: 'durable', doc: 'embedded store: `durable` acknowledges a write once its WAL is synced to the disk (survives a power cut); `relaxed` skips the sync (survives a kill, not a power cut; for development)' },
  STORE_TIMEOUT_MS: { default: '5000', doc: 'PostgreSQL: deadline of one statement; an order whose insert may have been applied is then looked up for as long again' },
  REDIS_URL: { default: '', doc: 'redis://… where the rate limit is shared by every instance; else PostgreSQL shares it when DATABASE_URL is set' },
  // Tokens.
  AUTH_JWT_SECRET: { default: '', doc: 'HS256 shared secret for Bearer tokens, at least 32 bytes' },
  AUTH_JWKS_URL: { default: '', doc: 'JWKS endpoint for asymmetric tokens (RS256/ES256/EdDSA)' },
  AUTH_ISSUER: { default: '', doc: 'when set, tokens must carry exactly this `iss`' },
  AUTH_AUDIENCE: { default: '', doc: 'when set, tokens must carry exactly this `aud`' },
  AUTH_CLOCK_TOLERANCE_SECONDS: { default: '30', doc: 'allowed clock skew for `exp`, `nbf` and `iat`; tokens must carry `exp`' },
  // Limits and timeouts of the listener.
  MAX_BODY_BYTES: { default: '16384', doc: 'largest request body accepted; larger ones get 413' },
  HEADERS_TIMEOUT_MS: { default: '10000', doc: "a request's headers must arrive within this; else the connection is closed (408)" },
  REQUEST_TIMEOUT_MS: { default: '30000', doc: 'a whole request (headers and body) must arrive within this' },
  KEEP_ALIVE_TIMEOUT_MS: { default: '5000', doc: 'an idle keep-alive connection is closed after this; behind a load balancer, set it above the balancer\'s idle timeout' },
  SHUTDOWN_DELAY_MS: { default: '0', doc: 'after SIGTERM, /readyz answers 503 and requests are still taken for this long, while a load balancer notices' },
  SHUTDOWN_TIMEOUT_MS: { default: '10000', doc: 'after that, requests in flight get this long to finish before their connections are closed' },
  SHUTDOWN_IDLE_GRACE_MS: { default: '1000', doc: 'then the port stays open, answering, while connections keep coming, at most this long, and a connection with no request in flight is closed once it has sent nothing for this long' },
  METRICS_PORT: { default: '', doc: 'when set, GET /metrics is served on this port alone (keep it private); else on PORT, for tokens with the scope metrics:read; with WORKERS > 1, the sum of all the workers' },
  ...TRACING_SETTINGS,
});

export type PlatformSettingName = keyof typeof PLATFORM_SETTINGS;

export interface PlatformConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** When the embedded store acknowledges a write. */
  embeddedDurability: EmbeddedDurability;
  workers: number;
  auth: {
    jwtSecret: string | null;
    jwksUrl: string | null;
    issuer: string | null;
    audience: string | null;
    clockToleranceSeconds: number;
  };
  production: boolean;
  /** Null: /metrics on the service's port, behind a token. */
  metricsPort: number | null;
  redisUrl: string | null;
  publicUrl: string;
  logLevel: string;
  maxBodyBytes: number;
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number; storeMs: number };
  shutdown: { delayMs: number; timeoutMs: number; idleGraceMs: number };
  tracing: TracingSettings;
}

export function readPlatformConfig(read: Reader<PlatformSettingName>): PlatformConfig {
  const { get, optional, number } = read;
  const port = number('PORT', { min: 0, max: 65535, integer: true });
  const secret = optional('AUTH_JWT_SECRET');
  if (secret && Buffer.byteLength(secret) < 32) throw new ConfigError('AUTH_JWT_SECRET must be at least 32 bytes');
  const databaseUrl = optional('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (number('HEADERS_TIMEOUT_MS') > number('REQUEST_TIMEOUT_MS')) {
    throw new ConfigError('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');
  }
  const embeddedDurability = read.oneOf('EMBEDDED_DURABILITY', EMBEDDED_DURABILITIES);
  const workers = number('WORKERS', { min: 1, max: 256, integer: true });
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS > 1 needs DATABASE_URL: the embedded store belongs to one process');
  }
  return {
    port,
    workers,
    host: get('HOST'),
    dataDir: get('DATA_DIR'),
    databaseUrl,
    embeddedDurability,
    auth: {
      jwtSecret: secret,
      jwksUrl: optional('AUTH_JWKS_URL'),
      issuer: optional('AUTH_ISSUER'),
      audience: optional('AUTH_AUDIENCE'),
      clockToleranceSeconds: number('AUTH_CLOCK_TOLERANCE_SECONDS', { min: 0, max: 3600 }),
    },
    production: get('NODE_ENV') === 'production',
    metricsPort: get('METRICS_PORT') ? number('METRICS_PORT', { min: 0, max: 65535, integer: true }) : null,
    redisUrl: redisUrl(optional('REDIS_URL')),
    publicUrl: (optional('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: get('LOG_LEVEL'),
    maxBodyBytes: number('MAX_BODY_BYTES', { min: 256, integer: true }),
    timeouts: {
      headersMs: number('HEADERS_TIMEOUT_MS', { min: 100, integer: true }),
      requestMs: number('REQUEST_TIMEOUT_MS', { min: 100, integer: true }),
      keepAliveMs: number('KEEP_ALIVE_TIMEOUT_MS', { min: 0, integer: true }),
      storeMs: number('STORE_TIMEOUT_MS', { min: 100, integer: true }),
    },
    shutdown: {
      delayMs: number('SHUTDOWN_DELAY_MS', { min: 0, integer: true }),
      timeoutMs: number('SHUTDOWN_TIMEOUT_MS', { min: 0, integer: true }),
      idleGraceMs: number('SHUTDOWN_IDLE_GRACE_MS', { min: 0, integer: true }),
    },
    tracing: readTracingSettings(read),
  };
}

function redisUrl(url: string | null): string | null {
  if (url && !/^rediss?:\/\//.test(url)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return url;
}
