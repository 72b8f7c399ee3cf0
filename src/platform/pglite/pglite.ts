import { existsSync, mkdirSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { createBindWriter, type WireValue } from './bind-message.js';
import { EMBEDDED_CHECKPOINTS, keepCheckpointing, type CheckpointPolicy } from './checkpoints.js';
import { keepVacuuming } from './vacuum.js';
import type { EmbeddedDurability } from '../store/embedded-durability.js';
import { pgliteStartParams } from './start-params.js';
import { SyncedNodeFS, syncTree } from './synced-node-fs.js';
import { StoreUnavailableError } from '../errors.js';
import { serially } from './serial.js';
import { groupTransactions } from '../store/grouped-transactions.js';
import { nested, type QueryOptions, type Sql } from '../store/sql.js';

export interface PgliteSql extends Sql {
  /** The whole data directory as a tarball, to open copies of it quickly (tests, backups). */
  dump(): Promise<Blob>;
}

const { serialize } = protocol;

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

type Column = InstanceType<typeof protocol.messages.Field>;
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type DataRow = InstanceType<typeof protocol.messages.DataRowMessage>;

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The columns of the rows it returns, if any. */
  columns: Column[];
}

const join = (...parts: Uint8Array[]) => Buffer.concat(parts);

/**
 * The rows of an answer, each a record of its columns parsed as PGlite's `query` parses them.
 * Not PGlite's `parseResults`, which copies each result with more members (`{ ...result,
 * command }`: see test/architecture.test.ts): in a loop of statements it promoted objects to the
 * old generation at every young-generation collection. See docs/design/engine-thread.md.
 */
function rowsOf(columns: Column[], messages: Message[], parsers: PGlite['parsers']): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const message of messages) {
    if (message.name !== 'dataRow') continue;
    const { fields } = message as DataRow;
    rows.push(Object.fromEntries(columns.map((c, i) => [c.name, types.parseType(fields[i] ?? null, c.dataTypeID, parsers)])));
  }
  return rows;
}

// No sync of the file system after a call. The store is a directory (PGlite's NodeFS, which
// writes each page to its file as the engine writes it) or memory: for either, PGlite's sync
// does nothing but take a lock of its own, and that made garbage. With it, the engine thread
// promoted objects to the old generation at every scavenge; without it, none (a loop of
// statements). It has nothing to do with the disk: what reaches the disk, and when, is the
// engine's own fsync (see synced-node-fs.ts).
const UNSYNCED = { syncToFs: false };

// Run ahead of a statement to be planned once (QueryOptions.planOnce), in the same implicit
// transaction, which Sync ends and the setting with it: that statement's plan is made the first
// time and kept (a generic plan), while every other statement is still planned for each run.
// Inside a transaction, which Sync does not end, PLAN_AGAIN follows it in the same call: the
// session's own setting again (pgliteStartParams).
const PLAN_ONCE = "select set_config('plan_cache_mode', 'force_generic_plan', true)";
const PLAN_AGAIN = 'reset plan_cache_mode';

/**
 * Statements on one PGlite, each parsed once and then run by name. PGlite's own `query` parses,
 * describes, binds and executes a statement in six calls into the engine every time, a cost paid
 * before any work; here one bind-execute-sync runs it (rows are described once, at the parse).
 * Values are sent and read with PGlite's own type serializers and parsers, so rows come back as
 * `query` gives them. Nothing here waits its turn: the caller runs one statement or transaction
 * at a time (see openPglite). See docs/design/group-commit.md.
 */
function statements(db: PGlite) {
  const prepared = new Map<string, Promise<Prepared>>();
  const bindExecuteSync = createBindWriter();
  // Names are never reused, not even those of statements that failed to parse.
  let named = 0;

  /** Bind and Execute of a statement without parameters (PLAN_ONCE, PLAN_AGAIN), made once it is prepared. */
  const bound = new Map<string, Uint8Array>();
  async function boundOnce(text: string): Promise<Uint8Array> {
    const made = bound.get(text);
    if (made) return made;
    const { name } = await statement(text);
    const message = join(serialize.bind({ statement: name }), serialize.execute({}));
    bound.set(text, message);
    return message;
  }

  async function prepare(text: string): Promise<Prepared> {
    const name = `s${named++}`;
    const { messages } = await db.execProtocol(
      join(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
      UNSYNCED,
    );
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      columns: (messages.find((m) => m.name === 'rowDescription') as RowDescription | undefined)?.fields ?? [],
    };
  }

  function statement(text: string): Promise<Prepared> {
    let found = prepared.get(text);
    if (!found) {
      found = prepare(text);
      prepared.set(text, found);
      // A statement that does not parse is not kept: the error is the caller's, every time.
      found.catch(() => prepared.delete(text));
    }
    return found;
  }

  return {
    /** `inTransaction`: a transaction is open, which this statement's Sync does not end. */
    async query<Row>(text: string, params: unknown[] = [], options?: QueryOptions, inTransaction = false): Promise<{ rows: Row[] }> {
      // What runs first goes as one simple query, unprepared: its statements run in turn, so a
      // rollback to a savepoint among them ends an aborted transaction before the others.
      let first = options?.before?.length ? serialize.query(options.before.join('; ')) : undefined;
      // A statement parsed for the first time runs what comes first before its parse, since a
      // parse that fails aborts a transaction: a savepoint asked for ahead of it would then fail
      // too, in its place.
      if (first && !prepared.has(text)) {
        await db.execProtocol(first, UNSYNCED);
        first = undefined;
      }
      const { name, paramTypes, columns } = await statement(text);
      const plan = options?.planOnce ? await boundOnce(PLAN_ONCE) : undefined;
      const ahead = first && plan ? join(first, plan) : (first ?? plan);
      const behind = plan && inTransaction ? await boundOnce(PLAN_AGAIN) : undefined;
      const values = params.map((value, i): WireValue => {
        if (value === null || value === undefined) return null;
        // Bytes go as they are, in binary, as node-postgres sends them (see binary-arrays.ts).
        if (value instanceof Uint8Array) return value;
        const serializer = db.serializers[paramTypes[i]!];
        return serializer ? (serializer(value) as WireValue) : String(value);
      });
      const { messages } = await db.execProtocol(bindExecuteSync(name, values, ahead, behind), UNSYNCED);
      // The completions of what ran first (PLAN_ONCE's row too) come first, PLAN_AGAIN's after the
      // statement's own.
      const completedAfter = (from: number) => messages.findIndex((m, i) => i >= from && m.name === 'commandComplete') + 1;
      let own = 0;
      for (let ran = (first ? options!.before!.length : 0) + (plan ? 1 : 0); ran > 0; ran -= 1) own = completedAfter(own);
      const end = behind ? completedAfter(own) : messages.length;
      return { rows: rowsOf(columns, messages.slice(own, end), db.parsers) as Row[] };
    },
    async exec(text: string): Promise<void> {
      await db.execProtocol(join(serialize.query(text), serialize.sync()), UNSYNCED);
    },
  };
}

export interface EmbeddedOptions {
  /** When the store checkpoints itself (see checkpoints.ts). */
  checkpoints?: CheckpointPolicy;
  /** When a write is acknowledged (see embedded-durability.ts); in memory, nothing reaches a disk. */
  durability?: EmbeddedDurability;
  /** PGlite's engine compiled (engine-module.ts); PGlite's own, compiled by PGlite, when not given. */
  engine?: WebAssembly.Module;
}

/** The embedded store: PGlite in `dataDir`, or in memory (optionally from a dump) without one. */
export async function openPglite(
  dataDir?: string,
  snapshot?: Blob,
  { checkpoints = EMBEDDED_CHECKPOINTS, durability = 'durable', engine }: EmbeddedOptions = {},
): Promise<PgliteSql> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const syncedIn = dataDir && durability === 'durable' ? dataDir : undefined;
  // PGlite unpacks a new directory (initdb's output) or a snapshot into its files without a sync,
  // and the engine syncs only what it writes itself: a durable store starts from files on the
  // disk, as initdb leaves them.
  const unpacks = syncedIn !== undefined && (snapshot !== undefined || !existsSync(joinPath(syncedIn, 'PG_VERSION')));
  const db = await PGlite.create(dataDir, {
    startParams: pgliteStartParams(syncedIn ? 'durable' : 'relaxed'),
    fs: syncedIn ? new SyncedNodeFS(syncedIn) : undefined,
    loadDataDir: snapshot,
    pgliteWasmModule: engine,
  });
  if (unpacks) await syncTree(syncedIn);
  const run = statements(db);
  // One statement or one transaction at a time; closing and dumping wait their turn too.
  const alone = serially();
  const inTransaction: Sql = {
    query: (text, params, options) => run.query(text, params, options, true),
    exec: run.exec,
    transaction: nested,
    close: nested,
  };

  // Once closed, the store answers as an unreachable one does, not with the engine's own error.
  let closed = false;
  const turn = <T>(work: () => Promise<T>): Promise<T> =>
    closed ? Promise.reject(new StoreUnavailableError('the embedded store is closed')) : alone(work);

  const store: PgliteSql = {
    alone: true,
    query: (text, params, options) => turn(() => run.query(text, params, options)),
    exec: (text) => turn(() => run.exec(text)),
    // Transactions that arrive together commit together (see grouped-transactions.ts).
    transaction: groupTransactions((fn) =>
      turn(async () => {
        await run.exec('begin');
        try {
          const result = await fn(inTransaction);
          await run.exec('commit');
          return result;
        } catch (error) {
          await run.exec('rollback');
          throw error;
        }
      }),
    ),
    close: () => {
      stopCheckpoints();
      stopVacuuming();
      const closing = turn(() => db.close());
      closed = true;
      return closing;
    },
    dump: () => turn(() => db.dumpDataDir('none')),
  };
  const stopCheckpoints = keepCheckpointing(store, checkpoints);
  const stopVacuuming = keepVacuuming(store);
  return store;
}
