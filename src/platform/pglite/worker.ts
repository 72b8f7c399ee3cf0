import { workerData } from 'node:worker_threads';
import { loadEngineModule } from './engine-module.js';
import { openPglite } from './pglite.js';
import type { Sql } from '../store/sql.js';
import type { Reply, Request, StoreThreadOptions } from './thread.js';

/**
 * The embedded engine's thread: opens PGlite and runs what the service's thread asks, one
 * request at a time per session (the store's turns order them). A transaction is a session: its
 * first statement comes with `begin`, and its statements tagged with its number until it
 * commits or rolls back.
 */
const { dataDir, snapshot, snapshotType, embedded, engineModule, port, answersPosted } = workerData as StoreThreadOptions;
const posted = new Int32Array(answersPosted);
const engine = await loadEngineModule(engineModule);
const sql = await openPglite(dataDir, snapshot ? new Blob([snapshot], { type: snapshotType }) : undefined, { ...embedded, engine });

interface Session {
  sql: Sql;
  finish(commit: boolean): Promise<void>;
}
// Each set as its first statement arrives, before it opens: what comes next for it waits for the opening.
const sessions = new Map<number, Promise<Session>>();

/** Opens a transaction and keeps it open, holding the store's turn, until it is told how to end. */
async function begin(): Promise<Session> {
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  let opened!: (tx: Sql) => void;
  const open = new Promise<Sql>((resolve) => (opened = resolve));
  const done = sql.transaction(async (tx) => {
    opened(tx);
    if (!(await decided)) throw new RolledBack();
  });
  // A BEGIN that fails ends `done` without ever opening.
  const tx = await Promise.race([open, done.then(() => open)]);
  return {
    sql: tx,
    async finish(commit) {
      decide(commit);
      await done.catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    },
  };
}

class RolledBack extends Error {}

async function answer(request: Request): Promise<unknown> {
  if (request.session === undefined) return run(sql, request);
  if (request.begin) sessions.set(request.session, begin());
  const opening = sessions.get(request.session);
  if (request.op === 'commit' || request.op === 'rollback') {
    sessions.delete(request.session);
    // A session that failed to open has nothing to roll back: its first statement answered the failure.
    const session = request.op === 'rollback' ? await opening?.catch(() => undefined) : await opening;
    if (request.op === 'commit' && !session) throw new Error(`no open transaction ${request.session}`);
    return session?.finish(request.op === 'commit');
  }
  if (!opening) throw new Error(`no open transaction ${request.session}`);
  return run((await opening).sql, request);
}

async function run(on: Sql, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return (await on.query(request.text, request.params, request.options)).rows;
    case 'exec':
      return on.exec(request.text);
    case 'commit':
    case 'rollback':
      throw new Error(`no transaction to ${request.op}`);
    case 'dump':
      return (await sql.dump()).arrayBuffer();
    case 'close':
      return sql.close();
  }
}

/** Posts an answer, then counts it, so that a count seen on the other side has its answer waiting. */
function reply(message: Reply): void {
  port.postMessage(message);
  Atomics.add(posted, 0, 1);
}

port.on('message', (request: Request) => {
  answer(request).then(
    (result) => reply({ id: request.id, result }),
    (error: unknown) => reply({ id: request.id, error: describe(error) }),
  );
});
reply({ id: 0, result: 'ready' });

/** What is kept of an error on its way to the other thread: the message and the SQL fields. */
function describe(error: unknown): Reply['error'] {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, detail, constraint, table } = error as Error & Record<string, string | undefined>;
  return { message: error.message, code, detail, constraint, table };
}
