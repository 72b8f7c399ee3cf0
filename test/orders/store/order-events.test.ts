import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderEvents } from '../../../src/orders/store/order-events.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';
import { newOrder } from '../../support/new-order.js';

const count = async (sql: Sql, table: string) => (await sql.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
const counts = async (sql: Sql) => ({ orders: await count(sql, 'orders'), events: await count(sql, 'order_events') });

// Whose parts do not add up to its total: the orders table refuses it.
const unstorable = () => newOrder({ amounts: { total: 100, partner: 60, platform: 30 } });

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`an order's creation event, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());

    it('when a batch of orders is stored, with and without Idempotency-Keys, then each has its creation as its one event', async () => {
      const orders = createOrderStore(store.sql);
      const before = await counts(store.sql);
      await store.sql.query("insert into idempotency_keys (owner_subject, key, fingerprint, claimed_at) values ('app-2', 'k-1', 'f', now())");

      const stored = await Promise.all([
        ...Array.from({ length: 30 }, () => orders.insert(newOrder())),
        orders.insert(newOrder({ ownerSubject: 'app-2', createdAt: new Date('2026-11-22T08:00:00.001Z') }), 'k-1'),
      ]);

      const after = await counts(store.sql);
      const bound = await store.sql.query<{ order_id: string | number }>("select order_id from idempotency_keys where key = 'k-1'");
      expect(Number(bound.rows[0]!.order_id)).toBe(stored.at(-1)!.id);
      expect(after.orders - before.orders).toBe(31);
      expect(after.events - before.events).toBe(31);
      const { rows } = await store.sql.query<Record<string, unknown>>(
        'select order_id, seq, type, at, status, pending_status, actor, actor_id, reason from order_events where order_id = $1',
        [stored.at(-1)!.id],
      );
      expect(rows.map((r) => ({ ...r, order_id: Number(r.order_id) }))).toEqual([{
        order_id: stored.at(-1)!.id, seq: 1, type: 'created', at: new Date('2026-11-22T08:00:00.001Z'),
        status: 'pending', pending_status: 'pending_payment', actor: 'owner', actor_id: 'app-2', reason: null,
      }]);
    });

    it('when an order of a batch cannot be stored, then neither it nor an event of it is, and the others are stored with theirs', async () => {
      const orders = createOrderStore(store.sql);
      const before = await counts(store.sql);

      const outcomes = await Promise.allSettled([orders.insert(newOrder()), orders.insert(unstorable()), orders.insert(newOrder())]);

      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const after = await counts(store.sql);
      expect([after.orders - before.orders, after.events - before.events]).toEqual([2, 2]);
    });

    it('when its creation event cannot be written, then the order is not stored either', async () => {
      const own = await engine.open();
      try {
        await own.sql.exec("alter table order_events add constraint refuse_all check (type <> 'created')");
        const orders = createOrderStore(own.sql);

        await expect(orders.insert(newOrder())).rejects.toThrow(/refuse_all/);
        expect(await counts(own.sql)).toEqual({ orders: 0, events: 0 });
      } finally {
        await own.dispose();
      }
    });

    it("when an order's history is read, then it starts with its creation, in order, without the operator's moves", async () => {
      const orders = createOrderStore(store.sql);
      const order = await orders.insert(newOrder());
      const later = (seq: number, type: string, status: string, pending: string | null, actor: string, reason: string | null) =>
        store.sql.query(
          `insert into order_events (order_id, seq, type, at, status, pending_status, actor, reason)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [order.id, seq, type, new Date(Date.UTC(2026, 10, 21, 18, seq)), status, pending, actor, reason],
        );
      await later(3, 'partner_moved', 'pending', 'pending_partner', 'operator', null);
      await later(2, 'paid', 'pending', 'pending_partner', 'payment', null);
      await later(4, 'cancelled', 'cancelled', null, 'owner', 'ya no lo necesito');

      const history = await createOrderEvents(store.sql).history(order.id);

      expect(history).toEqual([
        { kind: 'created', at: order.createdAt, status: 'pending', pendingStatus: 'pending_payment', actor: 'owner', reason: null },
        { kind: 'paid', at: new Date(Date.UTC(2026, 10, 21, 18, 2)), status: 'pending', pendingStatus: 'pending_partner', actor: 'payment', reason: null },
        { kind: 'cancelled', at: new Date(Date.UTC(2026, 10, 21, 18, 4)), status: 'cancelled', pendingStatus: null, actor: 'owner', reason: 'ya no lo necesito' },
      ]);
      expect(await createOrderEvents(store.sql).history(order.id + 1_000)).toEqual([]);
    });
  });
}
