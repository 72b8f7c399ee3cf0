import { every } from '../every.js';
import type { Sql } from '../store/sql.js';

export interface CheckpointPolicy {
  /** How often the WAL written since the last checkpoint is measured. */
  checkEveryMs: number;
  /** A checkpoint is made once this much WAL has been written since the last one. */
  afterBytes: number;
}

/**
 * PGlite runs PostgreSQL as a single user, without its checkpointer process, and the engine asks
 * for a checkpoint by WAL volume only under a postmaster: nothing checkpointed while the service
 * ran. The WAL since the start was kept and, after a crash, replayed whole, which held /readyz
 * back. A checkpoint costs the engine about the same whatever the volume behind it, so one made
 * after a bounded amount of WAL keeps the replay short at little cost.
 * See docs/design/checkpoints-and-durability.md.
 */
export const EMBEDDED_CHECKPOINTS: CheckpointPolicy = { checkEveryMs: 1_000, afterBytes: 64 * 2 ** 20 };

// What a restart after a crash would replay: the WAL from the last checkpoint's redo point on.
const WAL_SINCE_CHECKPOINT = 'select (pg_current_wal_lsn() - redo_lsn)::bigint as bytes from pg_control_checkpoint()';

/**
 * Checkpoints `sql` whenever `policy.afterBytes` of WAL have been written since the last
 * checkpoint, until the returned function is called. The timer keeps no process alive. A failed
 * measurement or checkpoint is tried again at the next tick: a store that fails it fails the
 * service's own statements too, which is where that is reported.
 */
export function keepCheckpointing(sql: Pick<Sql, 'query' | 'exec'>, policy: CheckpointPolicy): () => void {
  const checkpointIfDue = async () => {
    const { rows } = await sql.query<{ bytes: string | number }>(WAL_SINCE_CHECKPOINT);
    if (Number(rows[0]!.bytes) >= policy.afterBytes) await sql.exec('checkpoint');
  };
  const timer = every(policy.checkEveryMs, checkpointIfDue, () => undefined);
  return () => clearInterval(timer);
}
