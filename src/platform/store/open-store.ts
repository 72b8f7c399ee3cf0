import type { PlatformConfig } from '../config/platform.js';
import type { Sql } from './sql.js';

/**
 * The store the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR, on a
 * thread of its own, as durable as EMBEDDED_DURABILITY says. Only that engine's driver is loaded.
 */
export async function openStore(config: Pick<PlatformConfig, 'databaseUrl' | 'dataDir' | 'embeddedDurability' | 'timeouts'>): Promise<Sql> {
  if (config.databaseUrl) return (await import('./postgres.js')).openPostgres(config.databaseUrl, { statementTimeoutMs: config.timeouts.storeMs });
  return (await import('../pglite/thread.js')).openPgliteThread(config.dataDir, undefined, {
    durability: config.embeddedDurability,
  });
}
