import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/service/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { createMetrics } from '../../src/platform/metrics/metrics.js';
import { composeWebhooks } from '../../src/webhooks/compose.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import { openPostgres } from '../../src/platform/store/postgres.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { createTestDatabase, onEngine, postgres } from '../support/engines.js';
import { startFakeServer, type RecordedRequest } from '../support/fakes/fake-server.js';
import { newOrder } from '../support/new-order.js';
import { startServerProcess } from '../support/server-process.js';
import { restBody, SECRET, signTestToken } from '../support/service.js';
import { appendEvent, CREATE_WEBHOOK_ENDPOINT, verified } from './support.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NO_BREAKER = { consecutiveFailures: 1_000_000, halfOpenAfterMs: 1 };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A webhook worker as an instance of the service runs it, on a pool of its own. */
async function instance(url: string, { clock = () => new Date(), pollMs = '50' } = {}) {
  const sql = await openPostgres(url);
  const config = loadConfig({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_POLL_MS: pollMs });
  const webhooks = composeWebhooks({ config, sql, log: createLogger('silent'), clock, metrics: createMetrics(), orders: createOrderStore(sql), breaker: NO_BREAKER });
  webhooks.start();
  cleanups.push(() => webhooks.stop().then(() => sql.close()));
  return webhooks;
}

async function until(what: string, done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await done()); await sleep(50)) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
  }
}

const countOf = async (sql: Sql, where: string) =>
  (await sql.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where ${where}`)).rows[0]!.n;

describe(`webhooks on several instances ${onEngine(postgres)}`, { skip: postgres.skip !== null, timeout: 120_000 }, () => {
  it('when two instances deliver from one database, then each delivery is sent once, never by both at once, each order in its order', async () => {
    const store = await postgres.open();
    cleanups.push(() => store.dispose());
    const inFlight = new Map<string, number>();
    let overlapping = 0;
    const receiver = await startFakeServer((request, response) => {
      const id = String(request.headers['webhook-id']);
      inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
      if (inFlight.get(id)! > 1) overlapping += 1;
      // A receiver taking a moment, so that the instances' tries overlap.
      setTimeout(() => {
        inFlight.set(id, inFlight.get(id)! - 1);
        response.writeHead(200).end();
      }, Math.random() * 15);
    });
    cleanups.push(() => receiver.close());
    const [first, second] = [await instance(store.url!), await instance(store.url!)];
    const owner = { subject: 'app-1', name: null };
    const endpoints = await Promise.all([0, 1, 2].map((i) => first.endpoints.register(owner, { url: `${receiver.url}/e${i}` })));
    const orders = createOrderStore(store.sql);

    for (let i = 0; i < 30; i += 1) {
      // The insert writes the order's creation event itself.
      const { id } = await orders.insert(newOrder());
      await appendEvent(store.sql, id, 'paid', { status: 'pending', pendingStatus: 'pending_partner' }, new Date());
      await appendEvent(store.sql, id, 'assigned', { status: 'pending', pendingStatus: 'partner_start_order' }, new Date());
      if (i % 5 === 0) [first, second].forEach((w) => w.wake());
    }
    await until('every delivery', async () => (await countOf(store.sql, "status = 'delivered'")) === 270);

    expect(overlapping).toBe(0);
    const ids = receiver.requests.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(270);
    expect(new Set(ids).size).toBe(270);
    // Each endpoint got each order's events in their order.
    for (const [i, endpoint] of endpoints.entries()) {
      const byOrder = new Map<number, string[]>();
      for (const request of receiver.requests.filter((r) => r.url === `/e${i}`)) {
        const { type, data } = verified(endpoint.secret, request);
        byOrder.set(data.order.id as number, [...(byOrder.get(data.order.id as number) ?? []), type]);
      }
      expect([...byOrder.values()].every((types) => types.join() === 'order.created,order.paid,order.assigned')).toBe(true);
      expect(byOrder.size).toBe(30);
    }
  });

  it('when the instance delivering is killed mid-delivery, then another sends it again once its lease is out, under the same webhook-id', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    let arrived: (request: RecordedRequest) => void = () => {};
    const firstArrived = new Promise<RecordedRequest>((resolve) => (arrived = resolve));
    // The first request is held, as a slow receiver would, while the process sending it dies.
    const receiver = await startFakeServer((request, response) => {
      if (receiver.requests.length === 1) arrived(request);
      else response.writeHead(204).end();
    });
    cleanups.push(() => receiver.close());
    const env = { DATABASE_URL: database.url, AUTH_JWT_SECRET: SECRET, WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_POLL_MS: '100' };
    const child = await startServerProcess(env);
    cleanups.push(() => child.stop('SIGKILL'));
    const headers = { authorization: `Bearer ${await signTestToken()}`, 'content-type': 'application/json' };
    const call = (path: string, body: unknown) => fetch(`${child.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json());
    const created = await call('/graphql', { query: CREATE_WEBHOOK_ENDPOINT, variables: { input: { url: `${receiver.url}/hooks` } } });
    const { secret } = created.data.createWebhookEndpoint.endpoint as { secret: string };
    const order = (await call('/applications/orders', restBody())) as { id: number; createdAt: string };
    const sql = await openPostgres(database.url);
    cleanups.push(() => sql.close());
    const { rows } = await sql.query('select 1 from order_events where order_id = $1', [order.id]);
    if (rows.length === 0) await appendEvent(sql, order.id, 'created', { status: 'pending', pendingStatus: 'pending_payment' }, new Date(order.createdAt));

    const held = await Promise.race([firstArrived, sleep(30_000).then(() => null)]);
    expect(held, child.output()).not.toBeNull();
    await child.stop('SIGKILL');

    const [leased] = (await sql.query<{ status: string; attempts: number; next_attempt_at: Date }>(
      'select status, attempts, next_attempt_at from webhook_deliveries',
    )).rows;
    expect(leased).toMatchObject({ status: 'pending', attempts: 0 });
    expect(leased!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());

    // Another instance, once the lease has run out (its clock an hour on).
    const other = await instance(database.url, { clock: () => new Date(Date.now() + 3_600_000), pollMs: '600000' });
    other.wake();
    await other.idle();

    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.headers['webhook-id']).toBe(held!.headers['webhook-id']);
    expect(verified(secret, receiver.requests[1]!)).toMatchObject({ type: 'order.created', data: { order: { id: order.id } } });
    expect(await countOf(sql, "status = 'delivered'")).toBe(1);
  });
});

afterAll(() => Promise.all(cleanups.splice(0).map((c) => c())));
