import { ConfigError, type Config } from '../config.js';
import { openPglite } from './pglite.js';
import type { Sql } from './sql.js';

/** The store the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export async function openStore(config: Config): Promise<Sql> {
  if (config.databaseUrl) throw new ConfigError('DATABASE_URL: PostgreSQL is not supported by this build yet');
  return openPglite(config.dataDir);
}
