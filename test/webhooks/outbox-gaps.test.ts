import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SENT_ORDER_EVENTS } from '../../src/webhooks/domain/event-types.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import { createWebhookEndpointStore } from '../../src/webhooks/store/webhook-endpoint-store.js';
import { createWebhookOutbox } from '../../src/webhooks/store/webhook-outbox.js';
import { newOrder } from '../support/new-order.js';
import { onEngine, pglite, postgres, type TestStore } from '../support/engines.js';

const GAP_TIMEOUT_MS = 60_000;
const NOW = new Date('2026-11-21T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

// Order events inserted on connections of their own, each committed when the test says.
describe(`the fan-out of order events ${onEngine(postgres)}`, { skip: postgres.skip !== null }, () => {
  let store: TestStore;
  let outbox: ReturnType<typeof createWebhookOutbox>;
  let orderIds: number[];
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    store = await postgres.open();
    outbox = createWebhookOutbox(store.sql, { gapTimeoutMs: GAP_TIMEOUT_MS });
    const orders = createOrderStore(store.sql);
    orderIds = await Promise.all([1, 2, 3, 4].map(async () => (await orders.insert(newOrder())).id));
    // The orders' own creation events are behind the fan-out: the tests follow the events they write.
    await store.sql.query('update webhook_fanout set through_id = (select max(id) from order_events), seen_id = (select max(id) from order_events)');
    await createWebhookEndpointStore(store.sql).insert(
      { ownerSubject: 'app-1', url: 'https://hooks.example/', events: null, secret: 'whsec_c2VjcmV0', createdAt: NOW },
      20,
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await store?.dispose();
  });

  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    clients.push(client);
    return client;
  }

  /** Inserts an order's `paid` event on its own connection, in a transaction left open. */
  async function openEvent(orderId: number) {
    const client = await connection();
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      `insert into order_events (order_id, seq, type, at, status, pending_status, actor)
       values ($1, 2, 'paid', $2, 'pending', 'pending_partner', 'payment') returning id`,
      [orderId, NOW],
    );
    return { id: Number(rows[0]!.id), commit: () => client.query('commit'), rollback: () => client.query('rollback') };
  }

  const delivered = async () =>
    (await store.sql.query<{ event_id: string }>('select event_id from webhook_deliveries order by event_id')).rows.map((r) => Number(r.event_id));

  it('when a lower id commits after a higher one, then the higher is sent at once and the lower once it commits', async () => {
    const first = await openEvent(orderIds[0]!);
    const second = await openEvent(orderIds[1]!);
    expect(second.id).toBeGreaterThan(first.id);
    await second.commit();

    await outbox.fanOut(SENT_ORDER_EVENTS, NOW, 500);
    expect(await delivered()).toEqual([second.id]);

    await first.commit();
    await outbox.fanOut(SENT_ORDER_EVENTS, later(1_000), 500);
    expect(await delivered()).toEqual([first.id, second.id]);
    const { rows } = await store.sql.query('select through_id::int, seen_id::int from webhook_fanout');
    expect(rows).toEqual([{ through_id: second.id, seen_id: second.id }]);
  });

  it('when an id never commits (its transaction rolled back), then it is waited for a while, then given up', async () => {
    const lost = await openEvent(orderIds[2]!);
    const next = await openEvent(orderIds[3]!);
    await lost.rollback();
    await next.commit();

    await outbox.fanOut(SENT_ORDER_EVENTS, later(2_000), 500);
    expect((await store.sql.query('select through_id::int from webhook_fanout')).rows).toEqual([{ through_id: lost.id - 1 }]);

    await outbox.fanOut(SENT_ORDER_EVENTS, later(2_000 + GAP_TIMEOUT_MS + 1), 500);
    expect((await store.sql.query('select through_id::int from webhook_fanout')).rows).toEqual([{ through_id: next.id }]);
    expect((await store.sql.query('select count(*)::int as n from webhook_fanout_gaps')).rows).toEqual([{ n: 0 }]);
    expect(await delivered()).toContain(next.id);
  });

  it('when two instances fan out at once, then one does it and the other skips the pass', async () => {
    const cursorHolder = await connection();
    await cursorHolder.query('begin');
    await cursorHolder.query('select * from webhook_fanout for update');

    expect(await outbox.fanOut(SENT_ORDER_EVENTS, later(3_000), 500)).toBeNull();
    await cursorHolder.query('rollback');
    expect(await outbox.fanOut(SENT_ORDER_EVENTS, later(3_000), 500)).toMatchObject({ read: 0 });
  });
});

describe(`the fan-out without endpoints ${onEngine(pglite)}`, () => {
  let store: TestStore;
  let outbox: ReturnType<typeof createWebhookOutbox>;
  let orders: ReturnType<typeof createOrderStore>;

  beforeAll(async () => {
    store = await pglite.open();
    outbox = createWebhookOutbox(store.sql, { gapTimeoutMs: GAP_TIMEOUT_MS });
    orders = createOrderStore(store.sql);
  });
  afterAll(() => store?.dispose());

  const cursor = async () =>
    (await store.sql.query<{ through_id: number; seen_id: number }>('select through_id::int, seen_id::int from webhook_fanout')).rows[0]!;
  const delivered = async () =>
    (await store.sql.query<{ event_id: string }>('select event_id from webhook_deliveries order by event_id')).rows.map((r) => Number(r.event_id));

  const endpoints = () => createWebhookEndpointStore(store.sql);
  const register = (ownerSubject: string) =>
    endpoints().insert({ ownerSubject, url: 'https://hooks.example/', events: null, secret: 'whsec_c2VjcmV0', createdAt: NOW }, 20);
  const eventIdOf = async (orderId: number) =>
    Number((await store.sql.query<{ id: string }>('select id from order_events where order_id = $1', [orderId])).rows[0]!.id);

  it('when no endpoint is registered, then a pass writes nothing; the first endpoint moves the cursor past every event and forgets the gaps, and takes only the events after it', async () => {
    const before = await cursor();
    await Promise.all([1, 2, 3].map(() => orders.insert(newOrder({ ownerSubject: 'app-1' }))));
    await store.sql.query(`insert into webhook_fanout_gaps (event_id, since) values (1, $1)`, [NOW]);
    const transactions = vi.spyOn(store.sql, 'transaction');

    expect(await outbox.fanOut(SENT_ORDER_EVENTS, NOW, 500)).toEqual({ read: 0, oldestAt: null, endpoints: false });
    expect(transactions).not.toHaveBeenCalled();
    transactions.mockRestore();
    expect(await cursor()).toEqual(before);

    await register('app-1');
    const newest = Number((await store.sql.query<{ id: string }>('select max(id) as id from order_events')).rows[0]!.id);
    expect(await cursor()).toEqual({ through_id: newest, seen_id: newest });
    expect((await store.sql.query('select count(*)::int as n from webhook_fanout_gaps')).rows).toEqual([{ n: 0 }]);

    const after = await orders.insert(newOrder({ ownerSubject: 'app-1' }));
    expect(await outbox.fanOut(SENT_ORDER_EVENTS, later(1_000), 500)).toEqual({ read: 1, oldestAt: expect.any(Date), endpoints: true });
    expect(await delivered()).toEqual([await eventIdOf(after.id)]);
  });

  it('when an endpoint is registered while another is, then the cursor stays: the events not yet fanned out still reach the first', async () => {
    const waiting = await orders.insert(newOrder({ ownerSubject: 'app-1' }));
    const at = await cursor();
    await register('app-2');
    expect(await cursor()).toEqual(at);

    await outbox.fanOut(SENT_ORDER_EVENTS, later(2_000), 500);
    expect(await delivered()).toContain(await eventIdOf(waiting.id));
  });

  it('when a registration is refused by the limit, then the cursor stays where it is', async () => {
    await store.sql.query('update webhook_endpoints set deleted_at = $1', [NOW]);
    const waiting = await orders.insert(newOrder({ ownerSubject: 'app-3' }));
    const at = await cursor();
    expect(await endpoints().insert({ ownerSubject: 'app-3', url: 'https://hooks.example/', events: null, secret: 'whsec_c2VjcmV0', createdAt: NOW }, 0)).toBeNull();
    expect(await cursor()).toEqual(at);
    expect(await eventIdOf(waiting.id)).toBeGreaterThan(at.through_id);
  });
});
