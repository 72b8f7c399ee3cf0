import type { OperatorIndex, OperatorStore, RosterChangeLog } from '../domain/ports.js';

const PAGE = 5_000;
// Every instance reads the log every few seconds; an hour-old change has long been read by all.
const KEEP_CHANGES_MS = 3_600_000;

export interface RosterSyncDeps {
  changes: RosterChangeLog;
  store: Pick<OperatorStore, 'findMany'>;
  index: Pick<OperatorIndex, 'put' | 'remove'>;
  /** How long a missing change number is waited for before it is taken for a rolled-back write. */
  gapTimeoutMs: number;
  now?: () => number;
}

/**
 * Keeps this instance's roster index in step with writes made through other instances on the
 * same database, by reading the change log (migrations/004) from where it last read.
 *
 * Numbers are taken when a write starts and seen when it commits, so a later number can be seen
 * before an earlier one: the position read so far (`cursor`) only moves over numbers without a
 * gap, and a gap is waited for up to `gapTimeoutMs` (a write that rolled back leaves one for
 * ever). Changes are applied by reading the operators' current rows, so applying one twice, or
 * after a later one, does no harm.
 */
export function createRosterSync(deps: RosterSyncDeps) {
  const now = deps.now ?? Date.now;
  let cursor = 0;
  const missingSince = new Map<number, number>();

  function advance(seqs: number[], at: number): void {
    let next = cursor + 1;
    for (const seq of seqs) {
      for (; next < seq; next += 1) {
        if (!missingSince.has(next)) missingSince.set(next, at);
        if (at - missingSince.get(next)! < deps.gapTimeoutMs) return;
        missingSince.delete(next);
      }
      cursor = seq;
      next = seq + 1;
    }
  }

  async function apply(ids: string[]): Promise<void> {
    const current = await deps.store.findMany(ids);
    const found = new Set<string>();
    for (const operator of current) {
      deps.index.put(operator);
      found.add(operator.id);
    }
    for (const id of ids) if (!found.has(id)) deps.index.remove(id);
  }

  return {
    /** Starts reading after the changes already in the log; call before the roster is loaded. */
    async start(): Promise<void> {
      cursor = await deps.changes.latest();
    },

    /** Applies the changes logged since the last call; returns how many were read. */
    async poll(): Promise<number> {
      let read = 0;
      for (;;) {
        const changes = await deps.changes.after(cursor, PAGE);
        if (changes.length === 0) return read;
        read += changes.length;
        await apply([...new Set(changes.map((c) => c.operatorId))]);
        const before = cursor;
        advance(changes.map((c) => c.seq), now());
        if (changes.length < PAGE || cursor === before) return read;
      }
    },

    /** Forgets changes older than an hour; every instance has read them long since. */
    purge: () => deps.changes.forgetOlderThan(KEEP_CHANGES_MS),
  };
}
