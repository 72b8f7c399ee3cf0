import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort, type WorkerOptions } from 'node:worker_threads';
import { fromRoot } from '../paths.js';
import type { EmbeddedOptions, PgliteSql } from './pglite.js';
import { makeDataDir, newStoreTarball, runToEnd } from './new-store.js';
import { engineModuleFile, ensureEngineModule } from './engine-module.js';
import { groupTransactions } from '../store/grouped-transactions.js';
import { nested, type QueryOptions, type Sql } from '../store/sql.js';
import { StoreUnavailableError } from '../errors.js';
import { StatementOutcomeUnknownError } from '../store/statement-outcome.js';

export interface StoreThreadOptions {
  dataDir?: string;
  snapshot?: ArrayBuffer;
  /** The snapshot's media type: a gzipped one is unpacked as such. */
  snapshotType?: string;
  embedded: EmbeddedOptions;
  /** The engine's module (see engine-module.ts). */
  engineModule: string;
  /** The port the thread takes requests on and answers on. */
  port: MessagePort;
  /** One Int32 the thread adds one to after each answer it posts (see `deliverArrived`). */
  answersPosted: SharedArrayBuffer;
}

/**
 * A request. A transaction is a session, numbered here: its first statement comes with `begin`
 * (the thread opens the session, then runs it), the others with its number alone, until
 * `commit` or `rollback`.
 */
type Call = { session?: number; begin?: boolean } & (
  | { op: 'query'; text: string; params?: unknown[]; options?: QueryOptions }
  | { op: 'exec'; text: string }
  | { op: 'commit' | 'rollback' | 'dump' | 'close' }
);
export type Request = Call & { id: number };

export interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string; detail?: string; constraint?: string; table?: string };
}

// Run from source (tests, `npm run dev`), the thread and the process below compile TypeScript too.
// Built, each is an entry point of the build, in dist/pglite/ (see scripts/build.ts).
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const script = (name: string) =>
  FROM_SOURCE ? fromRoot('src', 'platform', 'pglite', `${name}.ts`) : fromRoot('dist', 'pglite', `${name}.js`);

function startThread(options: WorkerOptions): Worker {
  if (!FROM_SOURCE) return new Worker(script('worker'), options);
  const file = JSON.stringify(pathToFileURL(script('worker')).href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${file}, ${file}))`, Object.assign({}, options, { eval: true }));
}

/**
 * PGlite on a thread of its own. The engine runs every statement synchronously on the thread
 * that calls it, a large part of the CPU an order costs; here it runs beside the HTTP thread
 * instead of between its requests. Orders reach it in batches (group commit), so a message
 * crosses per batch, not per order. The same interface as openPglite: callers cannot tell.
 * See docs/design/engine-thread.md.
 */
export async function openPgliteThread(dataDir?: string, snapshot?: Blob, embedded: EmbeddedOptions = {}): Promise<PgliteSql> {
  const engineModule = await ensureEngine();
  if (dataDir && snapshot === undefined && !existsSync(join(dataDir, 'PG_VERSION'))) {
    await makeDataDir(newStoreTarball(FROM_SOURCE), dataDir, init);
  }
  return startStoreThread(dataDir, snapshot, embedded, engineModule);
}

/** Runs init.ts (see there) with `args`, in a process of its own. */
const init = (args: string[]) => runToEnd([...(FROM_SOURCE ? ['--import', 'tsx/esm'] : []), script('init'), ...args]);

/** The engine's module, made first when it is missing; where it is. */
async function ensureEngine(): Promise<string> {
  const file = engineModuleFile(FROM_SOURCE);
  await ensureEngineModule(file, () => init(['engine', file]));
  return file;
}

/**
 * What the engine's thread reads that is made from the installed PGlite, made where missing: its
 * module, and the tarball a new data directory is unpacked from (otherwise made by the first new
 * store). For the tests, which open many stores at once from the start.
 */
export async function makePgliteFiles(): Promise<void> {
  const tarball = newStoreTarball(FROM_SOURCE);
  await Promise.all([ensureEngine(), existsSync(tarball) ? undefined : init(['tarball', tarball])]);
}

async function startStoreThread(dataDir: string | undefined, snapshot: Blob | undefined, embedded: EmbeddedOptions, engineModule: string): Promise<PgliteSql> {
  const data = snapshot ? await snapshot.arrayBuffer() : undefined;
  // Requests and answers cross on a port of their own, which `deliverArrived` can read at once.
  const { port1: port, port2: threadPort } = new MessageChannel();
  // Counts the answers posted, against those taken here: `deliverArrived` looks at the port only
  // when one is waiting, without a call into node for every request.
  const answersPosted = new SharedArrayBuffer(4);
  const posted = new Int32Array(answersPosted);
  let taken = 0;
  const worker = startThread({
    workerData: { dataDir, snapshot: data, snapshotType: snapshot?.type, embedded, engineModule, port: threadPort, answersPosted } satisfies StoreThreadOptions,
    transferList: data ? [data, threadPort] : [threadPort],
  });
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: unknown): void }>();
  let next = 1;
  let sessions = 0;
  let stopped: Error | undefined;

  // The thread keeps the process alive only while an answer is awaited, as a socket would.
  worker.unref();
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return call;
  };
  // Statements in flight when the thread stops may have been applied; later ones are refused.
  const stop = (error: StoreUnavailableError) => {
    stopped ??= error;
    const inFlight = new StatementOutcomeUnknownError(stopped.message, undefined, { cause: stopped });
    for (const id of [...pending.keys()]) settle(id)!.reject(inFlight);
  };

  const answered = ({ id, result, error }: Reply) => {
    taken = (taken + 1) | 0; // wraps as the Int32 does
    const call = settle(id);
    if (error) call?.reject(Object.assign(new Error(error.message), error));
    else call?.resolve(result);
  };
  port.on('message', answered);
  // Listening refs the port; only the worker's ref, taken while an answer is awaited, should count.
  port.unref();
  worker.on('error', (error) => stop(new StoreUnavailableError(`the embedded store stopped: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => stop(new StoreUnavailableError(`the embedded store stopped (exit code ${code})`)));

  function call(request: Call): Promise<unknown> {
    if (stopped) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      const id = next++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      port.postMessage({ id, ...request });
    });
  }

  // The thread answers id 0 once PGlite is open; an error while opening is the open's error.
  await new Promise<void>((resolve, reject) => {
    worker.ref();
    pending.set(0, { resolve: () => resolve(), reject: (error) => reject((error as Error).cause ?? error) });
  });

  /** Statements on their own, or in the session `session`, which `begins()` asks to open with its first. */
  const on = (session?: number, begins = () => false): Pick<Sql, 'query' | 'exec'> => ({
    query: async <Row>(text: string, params?: unknown[], options?: QueryOptions) => ({
      rows: (await call({ op: 'query', text, params, options, session, begin: begins() })) as Row[],
    }),
    exec: async (text: string) => {
      await call({ op: 'exec', text, session, begin: begins() });
    },
  });

  return {
    alone: true,
    // Transactions that arrive together commit together (see grouped-transactions.ts). The
    // session opens with its first statement, in the same round trip; one that ran none has
    // nothing to end.
    transaction: groupTransactions(async (fn) => {
      const session = (sessions += 1);
      let begun = false;
      const begins = () => !begun && (begun = true);
      let result;
      try {
        result = await fn({ transaction: nested, close: nested, ...on(session, begins) });
      } catch (error) {
        if (begun) await call({ op: 'rollback', session });
        throw error;
      }
      if (begun) await call({ op: 'commit', session });
      return result;
    }),
    dump: async () => new Blob([(await call({ op: 'dump' })) as ArrayBuffer]),
    async close() {
      await call({ op: 'close' });
      await worker.terminate();
      port.close();
    },
    deliverArrived() {
      if (Atomics.load(posted, 0) === taken) return;
      for (let arrived = receiveMessageOnPort(port); arrived; arrived = receiveMessageOnPort(port)) {
        answered(arrived.message as Reply);
      }
    },
    ...on(),
  };
}
