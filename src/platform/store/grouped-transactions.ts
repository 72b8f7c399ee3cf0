import type { Sql } from './sql.js';

interface Pending {
  fn: (tx: Sql) => Promise<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

// Changes run one after another inside a group, each holding the engine: more would keep the
// statements waiting behind the group (orders' inserts among them) waiting longer.
const MAX_GROUP = 32;

/**
 * Group commit for transactions, on an engine that runs one at a time (PGlite): those that arrive
 * while a group runs join it, each inside a savepoint of its own, and the group commits once. A
 * durable commit waits for its WAL to reach the disk; a group waits once for all of its changes,
 * where each would otherwise wait in turn. A transaction that throws is rolled back to its
 * savepoint and fails alone, at once; the others hear back only once the group has committed, and
 * all fail if it does not. A change sees the changes before it in its group, as it would once they
 * had committed. See docs/design/group-commit.md.
 */
export function groupTransactions(transaction: Sql['transaction']): Sql['transaction'] {
  const queue: Pending[] = [];
  let running = false;

  async function runGroup(): Promise<void> {
    const done: [Pending, unknown][] = [];
    let current: Pending | undefined;
    try {
      await transaction(async (engine) => {
        const tx = deferring(engine);
        for (let taken = 0; queue.length > 0 && taken < MAX_GROUP; taken += 1) {
          current = queue.shift()!;
          tx.defer(SAVEPOINT);
          try {
            done.push([current, await current.fn(tx.sql)]);
            // A change that ran no statement has no savepoint to release.
            if (!tx.cancel(SAVEPOINT)) tx.defer(RELEASE);
          } catch (error) {
            if (!tx.cancel(SAVEPOINT)) tx.defer(ROLLBACK, RELEASE);
            current.reject(error);
          }
          current = undefined;
        }
        // The commit releases what is left to release; a rollback to a savepoint must run.
        tx.cancel(RELEASE);
        await tx.flush();
      });
      for (const [change, result] of done) change.resolve(result);
    } catch (error) {
      // The group did not commit: its changes fail, the one under way among them. Had it not even
      // begun, the engine is unreachable, and the changes waiting would fail alike.
      const failed = done.map(([change]) => change);
      if (current) failed.push(current);
      else if (failed.length === 0) failed.push(...queue.splice(0));
      for (const change of failed) change.reject(error);
    }
    if (queue.length > 0) setImmediate(runGroup);
    else running = false;
  }

  return <T>(fn: (tx: Sql) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ fn, resolve: resolve as (result: unknown) => void, reject });
      if (!running) {
        running = true;
        // At the end of this turn of the event loop, so that the changes already asked for join.
        setImmediate(runGroup);
      }
    });
}

const SAVEPOINT = 'savepoint change';
const RELEASE = 'release savepoint change';
const ROLLBACK = 'rollback to savepoint change';

/**
 * The group's transaction, with the savepoints' statements held back and sent ahead of the next
 * statement, in the same call to the engine (QueryOptions.before): each statement is a round trip
 * between the service's thread and the engine's, and a change's savepoint and release were two of
 * its four.
 */
function deferring(engine: Sql) {
  let waiting: string[] = [];
  const take = () => {
    const taken = waiting;
    waiting = [];
    return taken;
  };
  const sql: Sql = {
    ...engine,
    query: (text, params, options) => {
      const before = take();
      return engine.query(text, params, before.length ? { ...options, before } : options);
    },
    exec: (text) => engine.exec([...take(), text].join('; ')),
  };
  return {
    sql,
    defer: (...texts: string[]) => void waiting.push(...texts),
    /** Takes back the last statement held, if it is `text` and still unsent; answers whether it was. */
    cancel(text: string): boolean {
      if (waiting.at(-1) !== text) return false;
      waiting.pop();
      return true;
    },
    /** Sends what is held, if anything. */
    async flush(): Promise<void> {
      const held = take();
      if (held.length) await engine.exec(held.join('; '));
    },
  };
}
