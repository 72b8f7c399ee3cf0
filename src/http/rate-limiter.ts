import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { PlatformConfig } from '../platform/config/platform.js';
import type { HttpConfig } from './settings.js';
import { rateLimitOf, type RateLimit } from './rate-limit.js';

const WINDOW_SECONDS = 60;
// A store that fails is stood in for by each instance's own memory, rather than refusing everyone.
const insurance = (points: number) => new RateLimiterMemory({ points, duration: WINDOW_SECONDS });

/**
 * The allowance per client and minute: in memory on the embedded store (one process), shared by
 * every instance through Redis when REDIS_URL is set, else through PostgreSQL when DATABASE_URL is
 * (migrations/009_rate_limits.sql). Null when RATE_LIMIT_PER_MINUTE is 0. `close` lets go of the
 * store's connections.
 */
export function createRateLimit(config: Pick<HttpConfig, 'rateLimitPerMinute'> & Pick<PlatformConfig, 'redisUrl' | 'databaseUrl'>): { limit: RateLimit; close(): Promise<void> } | null {
  const points = config.rateLimitPerMinute;
  if (points === 0) return null;
  const common = { points, duration: WINDOW_SECONDS, keyPrefix: 'orders', insuranceLimiter: insurance(points) };
  let limiter: RateLimiterAbstract;
  let close = async () => {};
  if (config.redisUrl) {
    // No offline queue: while Redis is away a take fails at once and the insurance answers.
    const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', () => {});
    limiter = new RateLimiterRedis(Object.assign({ storeClient: redis }, common));
    close = async () => void redis.disconnect();
  } else if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4, connectionTimeoutMillis: 1_000, statement_timeout: 1_000 });
    pool.on('error', () => {});
    limiter = new RateLimiterPostgres(Object.assign({ storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, clearExpiredByTimeout: true }, common));
    close = () => pool.end();
  } else {
    limiter = new RateLimiterMemory({ points, duration: WINDOW_SECONDS });
  }
  const limit = rateLimitOf(limiter, points);
  // The store's key column holds 255 characters; a token's sub may be longer.
  return { limit: (key) => limit(key.length <= 200 ? key : createHash('sha256').update(key).digest('base64url')), close };
}
