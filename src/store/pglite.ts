import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Sql } from './sql.js';

type Queryable = Pick<Transaction, 'query' | 'exec'>;

/**
 * PGlite's own start parameters, with a smaller buffer pool: 128 MB by default, filled by a large
 * roster at start and never given back; orders are written at the end of their table and read by
 * key, so 32 MB serves them as well. (PGlite starts with fsync off: an acknowledged order survives
 * the process, not the machine. PostgreSQL is the store for that.)
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export interface PgliteSql extends Sql {
  /** The whole data directory as a tarball, to open copies of it quickly (tests, backups). */
  dump(): Promise<Blob>;
}

function wrap(db: Queryable, transaction: Sql['transaction'], close: Sql['close']): Sql {
  return {
    query: (text, params) => db.query(text, params),
    exec: async (text) => {
      await db.exec(text);
    },
    transaction,
    close,
  };
}

/** The embedded store: PGlite in `dataDir`, or in memory (optionally from a dump) without one. */
export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<PgliteSql> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  const nested = (): never => {
    throw new Error('nested transactions are not supported');
  };
  const close = () => db.close();
  return {
    ...wrap(db, (fn) => db.transaction((tx) => fn(wrap(tx, nested, nested))), close),
    dump: () => db.dumpDataDir('none'),
  };
}
