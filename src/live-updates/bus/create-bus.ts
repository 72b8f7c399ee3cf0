import type { Logger } from 'pino';
import type { PlatformConfig } from '../../platform/config/platform.js';
import type { LiveUpdatesConfig } from '../settings.js';
import type { EventBus } from '../domain/bus.js';
import type { Sql } from '../../platform/store/sql.js';
import type { BusObserver } from './fanout.js';
import { createInProcessBus } from './in-process-bus.js';
import { createPostgresBus } from './postgres-bus.js';
import { createRedisBus } from './redis-bus.js';

/** Where the bus runs: Redis, PostgreSQL or this process, and its own settings. */
type Config = Pick<PlatformConfig, 'redisUrl' | 'databaseUrl'> & LiveUpdatesConfig;

/**
 * The bus the configuration calls for: Redis pub/sub when REDIS_URL is set (even with
 * DATABASE_URL: Redis is there to share such things, and spares the database a connection per
 * instance), PostgreSQL LISTEN/NOTIFY when only DATABASE_URL is, else one process's own.
 * Resolves once it listens (or its first attempt failed: it goes on trying).
 */
export async function createEventBus(config: Pick<Config, 'redisUrl' | 'databaseUrl' | 'events'>, sql: Sql, log: Logger, observe: BusObserver): Promise<EventBus> {
  const { channel } = config.events;
  if (config.redisUrl) {
    const bus = createRedisBus({ url: config.redisUrl, channel, log, observe });
    await bus.started;
    return bus;
  }
  if (config.databaseUrl) {
    const bus = createPostgresBus({ url: config.databaseUrl, channel, sql, log, observe });
    await bus.started;
    return bus;
  }
  return createInProcessBus(observe);
}
