import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/platform/pglite/pglite.js';
import { createTestDatabase, onEngine, postgres } from '../support/engines.js';
import { logLines, startServerProcess } from '../support/server-process.js';
import { restBody, SECRET, signTestToken } from '../support/service.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

/** How one request on a connection of its own ended, seen from raw sockets. */
type Outcome =
  | { kind: 'answered'; status: number; close: boolean; id?: string }
  | { kind: 'refused' }
  // What a client must never see: a reset, a broken pipe, or the end of the connection without an answer.
  | { kind: 'lost'; error: string };

// The service's settings: a grace far above the time between a connection's opening and its
// request, and above the moment of a keep-alive connection's second request, so that no
// connection the test opens is silent for it; and long enough that the port closes because
// connections stopped coming, between two probes, rather than at the end of the grace.
const IDLE_GRACE_MS = 2_900;
const IN_FLIGHT = 20;
const KEEP_ALIVE = 8;
// New connections from the signal on, every STEP_MS, until LAST_MS.
const STEP_MS = 25;
const LAST_MS = 1_000;
const PROBE_GAP_MS = 400;
const MAX_PROBES = 40;
const RUNS = 3;
// A start from the sources takes seconds, and far longer on a machine busy with other work.
const STARTUP_MS = 180_000;
// Half the runs take requests for a while after the signal (a load balancer noticing), half close the port at once.
const delayOf = (run: number) => (run % 2 === 0 ? 0 : 300);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function request(token: string, order: boolean): string {
  if (!order) return 'GET /healthz HTTP/1.1\r\nHost: service.test\r\n\r\n';
  const body = JSON.stringify(restBody());
  const head = [
    'POST /applications/orders HTTP/1.1',
    'Host: service.test',
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** The first whole answer in `received`, if it holds one (bodies with Content-Length, as the service answers these). */
function parseAnswer(received: Buffer): { answer: Extract<Outcome, { kind: 'answered' }>; rest: Buffer } | undefined {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const length = Number(headers.get('content-length') ?? NaN);
  if (!Number.isInteger(length) || received.length < end + 4 + length) return undefined;
  const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
  const status = Number(statusLine!.split(' ')[1]);
  let id: string | undefined;
  if (status === 200 && body.startsWith('{')) id = (JSON.parse(body) as { id?: number }).id?.toString();
  return { answer: { kind: 'answered', status, close: headers.get('connection') === 'close', id }, rest: received.subarray(end + 4 + length) };
}

/**
 * A raw connection: `ask` sends a request once connected and settles with how it ended. A
 * connection refused settles every ask as refused.
 */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received: Buffer = Buffer.alloc(0);
  let failure: string | undefined;
  let ended = false;
  const waiting: Array<() => void> = [];
  const wake = () => waiting.splice(0).forEach((w) => w());
  const connected = new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    failure ??= error.code ?? String(error);
    wake();
  });
  socket.on('end', () => {
    ended = true;
    wake();
  });
  socket.on('close', () => {
    ended = true;
    wake();
  });

  async function ask(text: string): Promise<Outcome> {
    if (!(await connected)) return failure === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'lost', error: failure ?? 'no connection' };
    if (ended || socket.destroyed) return { kind: 'lost', error: failure ?? 'closed before the request was sent' };
    socket.write(text);
    for (;;) {
      const parsed = parseAnswer(received);
      if (parsed) {
        received = parsed.rest;
        return parsed.answer;
      }
      if (failure) return { kind: 'lost', error: failure };
      if (ended) return { kind: 'lost', error: 'EOF without an answer' };
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { ask, socket, connected, closed, isEnded: () => ended };
}

/**
 * One shutdown: orders in flight on connections of their own, keep-alive connections answered
 * once and idle, and a connection that never sends anything, all opened before SIGTERM; after
 * it, a new connection every STEP_MS sending a health check or an order, and each keep-alive
 * connection its second order, at moments spread over the same second.
 */
async function shutDown(server: Server, token: string) {
  const port = Number(new URL(server.base).port);
  const exited = once(server.child, 'exit').then(([code]) => code as number | null);

  const silent = rawConnection(port);
  const keepAlive = Array.from({ length: KEEP_ALIVE }, () => rawConnection(port));
  const first = await Promise.all(keepAlive.map((c) => c.ask(request(token, false))));
  await silent.connected;

  const inFlight = Array.from({ length: IN_FLIGHT }, () => rawConnection(port));
  await Promise.all(inFlight.map((c) => c.connected));
  const inFlightOutcomes = inFlight.map((c) => c.ask(request(token, true)));
  server.child.kill('SIGTERM');

  const later: Array<Promise<Outcome>> = [];
  for (let at = 0, i = 0; at <= LAST_MS; at += STEP_MS, i += 1) {
    later.push(sleep(at).then(() => rawConnection(port).ask(request(token, i % 2 === 1))));
  }
  const second = keepAlive.map((c, i) => sleep((LAST_MS * i) / KEEP_ALIVE).then(() => c.ask(request(token, true))));

  // Then one connection at a time, further apart, until the port refuses one.
  const probes = sleep(LAST_MS).then(async () => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < MAX_PROBES && !outcomes.some((o) => o.kind === 'refused'); i += 1) {
      await sleep(PROBE_GAP_MS);
      outcomes.push(await rawConnection(port).ask(request(token, false)));
    }
    return outcomes;
  });

  const [code, inFlightDone, laterDone, secondDone, probed] = await Promise.all([
    exited,
    Promise.all(inFlightOutcomes),
    Promise.all(later),
    Promise.all(second),
    probes,
  ]);
  await silent.closed;
  keepAlive.forEach((c) => c.socket.destroy());
  return { code, first, inFlight: inFlightDone, later: [...laterDone, ...probed], second: secondDone, silentEnded: silent.isEnded(), log: logLines(server.output()) };
}

type Run = Awaited<ReturnType<typeof shutDown>>;

/** What each shutdown must show; the ids of the orders it answered 200. */
function expectNoRequestLost(run: Run, processes: number): string[] {
  const all = [...run.inFlight, ...run.later, ...run.second];
  expect(run.first.every((o) => o.kind === 'answered' && o.status === 200 && !o.close)).toBe(true);
  // Every request was answered, or its connection refused: never reset, never ended unanswered.
  const lost = (outcomes: Outcome[], kind: string) => outcomes.flatMap((o, i) => (o.kind === 'lost' ? [`${kind} ${i}: ${o.error}`] : []));
  expect([...lost(run.inFlight, 'in flight'), ...lost(run.later, 'new'), ...lost(run.second, 'keep-alive')]).toEqual([]);
  // Every request in flight at the signal got its order.
  expect(run.inFlight.filter((o) => !(o.kind === 'answered' && o.status === 200 && o.id))).toEqual([]);
  expect(all.filter((o) => o.kind === 'answered' && o.status !== 200)).toEqual([]);
  // The silent connection was closed by the service, which went through its whole shutdown.
  expect(run.silentEnded).toBe(true);
  // (Warnings are allowed: on a busy machine, PostgreSQL's connect deadline passes now and then.)
  expect(run.log.filter((l) => l.level >= 50 || l.msg.includes('SHUTDOWN_TIMEOUT_MS'))).toEqual([]);
  expect(run.log.filter((l) => l.msg === 'stopped')).toHaveLength(processes);
  expect(run.code).toBe(0);
  return all.flatMap((o) => (o.kind === 'answered' && o.id ? [o.id] : []));
}

/** Over all the runs: some connections opened after the signal were answered; in each, the port came to refuse them. */
function expectBothEnds(runs: Run[]) {
  expect(runs.flatMap((r) => r.later).some((o) => o.kind === 'answered')).toBe(true);
  expect(runs.filter((r) => !r.later.some((o) => o.kind === 'refused'))).toEqual([]);
}

const env = (run: number) => ({
  AUTH_JWT_SECRET: SECRET,
  SHUTDOWN_DELAY_MS: String(delayOf(run)),
  SHUTDOWN_TIMEOUT_MS: '20000',
  SHUTDOWN_IDLE_GRACE_MS: String(IDLE_GRACE_MS),
  LOG_LEVEL: 'info',
});

describe('connections at a shutdown of the single process, on the embedded store', { timeout: 600_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'orders-shutdown-connections-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`when SIGTERM comes with requests in flight and connections opening for a second after it, ${RUNS} times, then each request is answered or its connection refused, and every order answered is stored`, async () => {
    const token = await signTestToken();
    const runs: Run[] = [];
    const answered: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const server = await startServerProcess({ DATABASE_URL: '', ...env(run) }, { dataDir, timeoutMs: STARTUP_MS });
      runs.push(await shutDown(server, token));
      await server.stop();
      answered.push(...expectNoRequestLost(runs.at(-1)!, 1));
    }
    expectBothEnds(runs);

    const sql = await openPglite(dataDir);
    const { rows } = await sql.query<{ id: string | number }>('select id from orders');
    await sql.close();
    expect(rows.map((r) => String(r.id)).sort()).toEqual(answered.sort());
  });
});

describe.skipIf(postgres.skip !== null)(`connections at a shutdown with WORKERS=2, ${onEngine(postgres)}`, { timeout: 600_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(() => database?.drop());

  it(`when the primary gets SIGTERM with requests in flight and connections opening for a second after it, ${RUNS} times, then each request is answered or its connection refused, and every order answered is stored`, async () => {
    database = await createTestDatabase();
    const token = await signTestToken();
    const runs: Run[] = [];
    const answered: string[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const server = await startServerProcess({ DATABASE_URL: database.url, WORKERS: '2', ...env(run) }, { timeoutMs: STARTUP_MS });
      // Ready once one worker answers; the primary says so when both listen.
      while (!server.output().includes('GraphiQL:')) await sleep(50);
      runs.push(await shutDown(server, token));
      await server.stop();
      answered.push(...expectNoRequestLost(runs.at(-1)!, 2));
    }
    expectBothEnds(runs);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>('select id from orders');
    await client.end();
    expect(rows.map((r) => String(r.id)).sort()).toEqual(answered.sort());
  });
});
