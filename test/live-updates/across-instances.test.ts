import { randomBytes } from 'node:crypto';
import { createClient } from 'graphql-sse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/platform/store/postgres.js';
import { createTestDatabase, onEngine, postgres, testServer, type Engine } from '../support/engines.js';
import type { FrontedService } from '../support/fronted-service.js';
import { startTestService, type TestService } from '../support/service.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { newOrder, offeredOperator, pay, startLiveService, watch } from './support.js';
import { redisSkip, REDIS_URL } from './redis.js';

/** Stores on one database, one per instance, as separate processes would open them. */
const sharedDatabase = (url: string): Engine => {
  const open = async () => {
    const sql = await openPostgres(url);
    return { sql, url, dispose: () => sql.close() };
  };
  return { name: 'PostgreSQL, shared', skip: null, open, openEmpty: open };
};

/** Two instances on one database: the first behind the public front (the sandbox pays through it). */
async function twoInstances(env: (url: string) => { first: Record<string, string>; second: Record<string, string> }) {
  const database = await createTestDatabase();
  const engine = sharedDatabase(database.url);
  const settings = env(database.url);
  // One after the other: the first migrates and seeds the database.
  const first = await startLiveService({ engine, env: settings.first });
  const second = await startTestService({ engine, listen: true, env: settings.second });
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
      await database.drop();
    },
  };
}

/** A subscription of the test token's subject on `service`, over graphql-sse. */
const subscribeOn = (service: TestService, id: number) =>
  watch(createClient({ url: `${service.base}/graphql`, headers: { authorization: `Bearer ${service.token}` }, retryAttempts: 0 }), id);

async function followsAcross(first: FrontedService, second: TestService) {
  const order = await newOrder(first);
  const updates = subscribeOn(second, order.id);
  await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT']);

  await pay(order);
  await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);
  const operator = await offeredOperator(first, order.id);
  await first.lifecycle.operations.acceptOffer(operator, String(order.id));
  await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER', 'PARTNER_START_ORDER']);
  await first.lifecycle.operations.advance(operator, String(order.id), 'partner_going_to_origin');

  await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER', 'PARTNER_START_ORDER', 'PARTNER_GOING_TO_ORIGIN']);
  updates.stop();
}

const channel = () => `order_events_test_${randomBytes(4).toString('hex')}`;

describe.skipIf(postgres.skip !== null)(`two instances on PostgreSQL, LISTEN/NOTIFY between them, ${onEngine(postgres)}`, { timeout: 60_000 }, () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    proxy = await startTcpProxy(testServer());
    const name = channel();
    instances = await twoInstances((url) => {
      // The second listens through a proxy the test cuts; its store is reached directly.
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      return { first: { DATABASE_URL: url, EVENTS_CHANNEL: name }, second: { DATABASE_URL: proxied.href, EVENTS_CHANNEL: name } };
    });
  }, 120_000);
  afterAll(async () => {
    await instances?.close();
    await proxy?.close();
  });

  it('when the order changes on one instance, then its subscriber on the other gets each change', async () => {
    await followsAcross(instances.first, instances.second);
  });

  it('when the other instance stopped listening while the order changed, then once it listens again its subscriber gets the order as it is', async () => {
    const { first, second } = instances;
    const order = await newOrder(first);
    const updates = subscribeOn(second, order.id);
    await expect.poll(updates.steps).toEqual(['PENDING_PAYMENT']);
    const rereads = async () => (await second.metrics.eventRereads.get()).values[0]?.value ?? 0;
    const before = await rereads();

    await proxy.cut();
    await pay(order);
    await expect.poll(async () => (await first.lifecycle.lifecycle.load(order.id))?.step).toBe('pending_partner');
    const whileCut = updates.steps();
    await proxy.restore();

    expect(whileCut).toEqual(['PENDING_PAYMENT']);
    await expect.poll(updates.steps, { timeout: 30_000 }).toEqual(['PENDING_PAYMENT', 'PENDING_PARTNER']);
    expect(await rereads()).toBeGreaterThan(before);
    updates.stop();
  });
});

describe.skipIf(postgres.skip !== null || redisSkip !== null)(
  `two instances on PostgreSQL, Redis pub/sub between them, ${onEngine(postgres)}${redisSkip ? ` (skipped: ${redisSkip})` : ''}`,
  { timeout: 60_000 },
  () => {
    let instances: Awaited<ReturnType<typeof twoInstances>>;
    beforeAll(async () => {
      const name = channel();
      // DATABASE_URL too: Redis carries the events whenever it is set.
      const env = (url: string) => ({ DATABASE_URL: url, REDIS_URL, EVENTS_CHANNEL: name });
      instances = await twoInstances((url) => ({ first: env(url), second: env(url) }));
    }, 120_000);
    afterAll(() => instances?.close());

    it('when the order changes on one instance, then its subscriber on the other gets each change', async () => {
      await followsAcross(instances.first, instances.second);
    });
  },
);
