import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import { Client } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/platform/pglite/pglite.js';
import { createTestDatabase, onEngine, postgres } from '../support/engines.js';
import { CREATE_ORDER } from '../support/operations.js';
import { isRunning, logLines, startServerProcess } from '../support/server-process.js';
import { orderInput, restBody, SECRET, signTestToken } from '../support/service.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

// GraphQL with an Origin is yoga's to answer, and yoga writes its answer itself (see fast-post.ts).
const KINDS = ['REST', 'GraphQL', 'GraphQL through yoga'] as const;
type Kind = (typeof KINDS)[number];

/** What one request got, and when it was sent and settled. */
type Outcome = { kind: Kind; sentAt: number; at: number } & ({ status: number; close: boolean; id?: string } | { error: string });

const LOAD_PER_KIND = 8;
const HELD_PER_KIND = 2;
const LOAD_BEFORE_SIGNAL_MS = 1_000;
// SHUTDOWN_TIMEOUT_MS far above what a shutdown that does not wait for it takes.
const SHUTDOWN_ENV = { SHUTDOWN_DELAY_MS: '500', SHUTDOWN_TIMEOUT_MS: '20000', LOG_LEVEL: 'info' };
const EXITED_AFTER_LAST_ANSWER_MS = 5_000;
// What a client gets from a connection refused, or closed while idle: nothing was read from it.
const CONNECTION_ERRORS = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function orderRequest(kind: Kind, token: string): { path: string; headers: Record<string, string>; body: Buffer } {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (kind === 'REST') return { path: '/applications/orders', headers, body: Buffer.from(JSON.stringify(restBody())) };
  const body = Buffer.from(JSON.stringify({ query: CREATE_ORDER, variables: { input: orderInput() } }));
  return { path: '/graphql', headers: kind === 'GraphQL' ? headers : { ...headers, origin: 'https://elsewhere.test' }, body };
}

/** The order's id in an answer of either face; undefined when it holds none. */
function orderId(answer: { id?: number; data?: { createOrder?: { order?: { id: string } } } }): string | undefined {
  const id = answer.id ?? answer.data?.createOrder?.order?.id;
  return id === undefined ? undefined : String(id);
}

/** Sends one order on `client`'s connection; with `hold`, the body's last byte waits for it. */
async function send(client: Client, kind: Kind, token: string, hold?: Promise<void>): Promise<Outcome> {
  const { path, headers, body } = orderRequest(kind, token);
  async function* heldBack() {
    yield body.subarray(0, -1);
    await hold;
    yield body.subarray(-1);
  }
  const sentAt = Date.now();
  try {
    const answer = await client.request({
      method: 'POST',
      path,
      headers: { ...headers, 'content-length': String(body.length) },
      body: hold ? Readable.from(heldBack()) : body,
    });
    const id = orderId((await answer.body.json()) as object);
    return { kind, sentAt, at: Date.now(), status: answer.statusCode, close: answer.headers.connection === 'close', id };
  } catch (error) {
    return { kind, sentAt, at: Date.now(), error: (error as { code?: string }).code ?? String(error) };
  }
}

const made = (o: Outcome): o is Outcome & { status: number; close: boolean; id: string } => 'status' in o && o.status === 200 && o.id !== undefined;

/** Keep-alive connections of each kind, each sending orders one after another until the port refuses it. */
async function load(base: string, token: string, giveUpAt: number): Promise<Outcome[]> {
  const connections = KINDS.flatMap((kind) => Array.from({ length: LOAD_PER_KIND }, () => kind));
  const runs = connections.map(async (kind) => {
    const client = new Client(base);
    const outcomes: Outcome[] = [];
    while (Date.now() < giveUpAt) {
      const outcome = await send(client, kind, token);
      outcomes.push(outcome);
      if ('error' in outcome && outcome.error === 'ECONNREFUSED') break;
    }
    await client.destroy();
    return outcomes;
  });
  return (await Promise.all(runs)).flat();
}

// A probe on a connection the kernel took but no process serves waits for ever without one.
const READINESS_DEADLINE_MS = 2_000;

/** /readyz on a fresh connection each time, until the port refuses them: what it answered meanwhile. */
async function readinessUntilRefused(base: string): Promise<Array<number | string>> {
  const seen: Array<number | string> = [];
  for (;;) {
    const answer = await fetch(`${base}/readyz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(READINESS_DEADLINE_MS) }).then(
      (r) => r.status,
      (error: { name?: string; cause?: { code?: string } }) => (error.name === 'TimeoutError' ? 'no answer' : (error.cause?.code ?? 'error')),
    );
    if (answer === 'ECONNREFUSED') return seen;
    seen.push(answer);
    await sleep(20);
  }
}

/** Once each of the `processes` has logged that it closes its connections, or the service has exited. */
async function allClosing(server: Server, processes: number): Promise<void> {
  const closing = () => logLines(server.output()).filter((l) => l.msg === 'closing connections').length;
  while (closing() < processes && server.child.exitCode === null) await sleep(20);
}

/**
 * The service under load from keep-alive connections of every kind, and with a request of each
 * kind held open (its body's last byte unsent), gets SIGTERM; the load goes on. The held requests
 * are let finish once each of the `processes` has begun closing its connections.
 */
async function shutDownUnderLoad(server: Server, processes: number) {
  const token = await signTestToken();
  const exited = once(server.child, 'exit').then(([code]) => ({ code: code as number | null, at: Date.now() }));
  const loading = load(server.base, token, Date.now() + 90_000);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = KINDS.flatMap((kind) =>
    Array.from({ length: HELD_PER_KIND }, async () => {
      const client = new Client(server.base);
      const outcome = await send(client, kind, token, released);
      await client.destroy();
      return outcome;
    }),
  );
  await sleep(LOAD_BEFORE_SIGNAL_MS);

  const signalAt = Date.now();
  server.child.kill('SIGTERM');
  void allClosing(server, processes).then(release);
  const readiness = await readinessUntilRefused(server.base);
  const [held, outcomes, exit] = await Promise.all([Promise.all(holding), loading, exited]);
  return { signalAt, readiness, held, outcomes, exit, log: logLines(server.output()) };
}

type Run = Awaited<ReturnType<typeof shutDownUnderLoad>>;

/** What every shutdown under load must show, from `processes` server processes. */
function expectCleanShutdown(run: Run, processes: number) {
  const { signalAt, readiness, held, outcomes, exit, log } = run;
  const closingAt = Math.max(...log.filter((l) => l.msg === 'closing connections').map((l) => l.time));
  const before = outcomes.filter((o) => o.sentAt < signalAt);
  const after = outcomes.filter((o) => o.sentAt >= signalAt);
  const answered = [...outcomes, ...held].filter((o) => 'status' in o);

  // Every request sent before the signal got its order, those held open across the close too,
  // and each of those was told that its connection closes.
  expect(before.length).toBeGreaterThan(0);
  expect(before.filter((o) => !made(o))).toEqual([]);
  expect(held.filter((o) => !(made(o) && o.close))).toEqual([]);
  // Later requests got their order, or a connection that was refused or closed unread: never a 5xx.
  expect(after.filter((o) => !made(o) && !('error' in o && CONNECTION_ERRORS.includes(o.error)))).toEqual([]);
  // Once the processes began closing, no answer left its connection open.
  expect(outcomes.filter((o) => o.sentAt > closingAt && 'close' in o && !o.close)).toEqual([]);
  expect(readiness).toContain(503);
  expect(readiness).not.toContain('no answer');

  // Each process went through its whole shutdown (nothing cut, the store closed) and is gone, soon
  // after the last answer rather than at SHUTDOWN_TIMEOUT_MS.
  expect(log.filter((l) => l.msg === 'closing connections')).toHaveLength(processes);
  expect(log.filter((l) => l.msg === 'stopped')).toHaveLength(processes);
  expect(log.filter((l) => l.level >= 40)).toEqual([]);
  expect(exit.code).toBe(0);
  const pids = log.filter((l) => l.msg === 'listening').map((l) => l.pid);
  expect(pids).toHaveLength(processes);
  expect(pids.filter(isRunning)).toEqual([]);
  expect(exit.at - Math.max(...answered.map((o) => o.at))).toBeLessThan(EXITED_AFTER_LAST_ANSWER_MS);
  return [...outcomes, ...held].filter(made).map((o) => o.id).sort();
}

const storedIds = (rows: Array<{ id: string | number }>) => rows.map((r) => String(r.id)).sort();

describe.skipIf(postgres.skip !== null)(`a shutdown under load with WORKERS=2, ${onEngine(postgres)}`, { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let server: Server | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('when the primary gets SIGTERM, then every request sent before is answered, every answer after closes its connection, nothing is cut, and every process exits soon after the last answer', async () => {
    database = await createTestDatabase();
    server = await startServerProcess({ DATABASE_URL: database.url, AUTH_JWT_SECRET: SECRET, WORKERS: '2', ...SHUTDOWN_ENV });
    // Ready once one worker answers; the primary says so when both listen.
    while (!server.output().includes('GraphiQL:')) await sleep(50);

    const answeredIds = expectCleanShutdown(await shutDownUnderLoad(server, 2), 2);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>('select id from orders');
    await client.end();
    // No order was made whose client did not get it.
    expect(storedIds(rows)).toEqual(answeredIds);
  });
});

describe('a shutdown under load of the single process, on the embedded store', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'orders-shutdown-load-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when it gets SIGTERM, then every request sent before is answered, every answer after closes its connection, nothing is cut, and it exits soon after the last answer', async () => {
    const server = await startServerProcess({ DATABASE_URL: '', AUTH_JWT_SECRET: SECRET, ...SHUTDOWN_ENV }, { dataDir });

    const answeredIds = expectCleanShutdown(await shutDownUnderLoad(server, 1), 1);

    const sql = await openPglite(dataDir);
    const { rows } = await sql.query<{ id: string }>('select id from orders');
    await sql.close();
    expect(storedIds(rows)).toEqual(answeredIds);
  });
});
