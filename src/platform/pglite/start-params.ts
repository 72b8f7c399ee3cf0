import { PGlite } from '@electric-sql/pglite';
import type { EmbeddedDurability } from '../store/embedded-durability.js';

// PGlite's own start parameters turn fsync off (`-F`).
const FSYNC_OFF = '-F';

const SETTINGS = [
  // A smaller buffer pool: 128 MB by default, filled by a large roster at start and never given
  // back; orders are written at the end of their table and read by key, so 16 MB serves them as
  // well. All of it is resident from the start: 32 MB took the service's memory idle after a
  // start 17–19 MB higher (see docs/design/start-up.md).
  '-c',
  'shared_buffers=16MB',
  // Statements are prepared once (see `statements` in pglite.ts), but each run is planned for its
  // values and the table as it is now, as an unnamed statement is. A generic plan is made once,
  // when a table may still be small (a roster being imported), and kept: a scan of a table that
  // has grown since.
  '-c',
  'plan_cache_mode=force_custom_plan',
];

// A commit returns once its WAL is synced, as on PostgreSQL's defaults; checkpoints sync the data
// files before their record, and new WAL segments before use. fdatasync is PostgreSQL's own
// default for the WAL on Linux, named here because SyncedNodeFS makes exactly it and fsync reach
// the disk: open_datasync would open the WAL with the host's O_SYNC (NODEFS's flag for O_DSYNC)
// and sync every write rather than every commit.
const DURABLE = ['-c', 'fsync=on', '-c', 'wal_sync_method=fdatasync'];

/**
 * PGlite's start parameters for a store of the given durability (see embedded-durability.ts and
 * docs/design/checkpoints-and-durability.md). The engine's syncs reach the disk only on
 * SyncedNodeFS: without it, fsync on would cost the engine its bookkeeping for nothing.
 */
export function pgliteStartParams(durability: EmbeddedDurability): string[] {
  if (durability === 'relaxed') return [...PGlite.defaultStartParams, ...SETTINGS];
  return [...PGlite.defaultStartParams.filter((param) => param !== FSYNC_OFF), ...SETTINGS, ...DURABLE];
}
