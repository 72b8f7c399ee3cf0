import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT } from '../../src/orders/domain/actors.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { onEngine, pglite, postgres, type TestStore } from '../support/engines.js';
import { newOrder } from '../support/new-order.js';
import { fakeRefunder } from './support/fake-refunder.js';
import { addOperators, fixedRoster, secondConnection, settleAll } from './support/fixtures.js';
import { allHistoryProblems } from './support/history.js';
import { lifeInstance, type LifeInstance } from './support/instance.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

for (const engine of [pglite, postgres]) {
  describe.skipIf(engine.skip !== null)(`offers made as operators are taken, ${onEngine(engine)}`, () => {
    let store: TestStore;
    let second: { sql: Sql; close(): Promise<void> };
    let instances: LifeInstance[];
    let now = new Date('2026-07-04T10:00:00.000Z');
    let nearest: readonly string[] = [];

    beforeAll(async () => {
      store = await engine.open();
      second = await secondConnection(store);
      const refunds = fakeRefunder();
      instances = [store.sql, second.sql].map((sql) =>
        lifeInstance(sql, { clock: () => now, roster: fixedRoster(() => nearest), refunder: refunds.refunder, followUps: 'timers only' }),
      );
    });
    afterAll(async () => {
      await second?.close();
      await store?.dispose();
    });
    afterEach(async () => {
      expect(Object.fromEntries(await allHistoryProblems(store.sql))).toEqual({});
      expect(instances.flatMap((i) => i.problems)).toEqual([]);
    });

    async function paidOrders(n: number) {
      const orders = [];
      for (const _ of range(n)) {
        const order = await createOrderStore(store.sql).insert(newOrder({ createdAt: now, updatedAt: now }));
        const paid = { providerPaymentId: `p-${order.id}`, amount: order.amounts.total, currency: 'CLP' };
        await instances[0]!.lifecycle.move(order.id, 'pay', PAYMENT, { paid });
        orders.push(order);
      }
      return orders;
    }

    it('when the platform assigns operators while their offers of other orders are being made, then no busy operator is left holding an offer', async () => {
      for (const round of range(5)) {
        now = new Date(now.getTime() + 3_600_000);
        const ids = range(20).map((i) => `taken-${round}-${i}`);
        await addOperators(store.sql, ids, now);
        // Orders waiting for their first offer, every one asking these operators first...
        await paidOrders(20);
        const assigned = await paidOrders(20);
        nearest = ids;
        await Promise.all(assigned.map((o) => store.sql.query(`delete from order_timers where order_id = $1 and kind = 'dispatch'`, [o.id])));

        // ...while the desk hands each of them an order of its own.
        const [sweeps, assignments] = await Promise.all([
          Promise.all(instances.map((i) => i.timers.runDue())),
          settleAll(assigned.map((o, i) => instances[i % 2]!.operations.assign('desk', String(o.id), ids[i]!))),
        ]);

        expect(sweeps.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
        expect(assignments.filter((r) => !r.ok)).toEqual([]);
        const { rows } = await store.sql.query<{ operator_id: string; order_id: unknown }>(
          `select f.operator_id, f.order_id from order_offers f join operators p on p.id = f.operator_id
            where f.outcome is null and p.current_order_id is not null`,
        );
        expect(rows, `round ${round}`).toEqual([]);
      }
    });

    // Deterministic where the test above relies on timing: an offer made while the pause waits for the order's lock.
    it('when a pause waits for a dispatch holding the order, then the offer that dispatch made is withdrawn', async (context) => {
      // Two transactions at once, one waiting on the other's lock, take two connections: PGlite has one.
      if (engine !== postgres) return context.skip('runs on PostgreSQL alone (set TEST_DATABASE_URL): a lock held across two connections needs two, and PGlite has one');
      now = new Date(now.getTime() + 3_600_000);
      await addOperators(store.sql, ['held-0'], now);
      const [order] = await paidOrders(1);
      let pausing: Promise<unknown> | undefined;
      await second.sql.transaction(async (tx) => {
        await tx.query('select from orders where id = $1 for update', [order!.id]);
        await tx.query('insert into order_offers (order_id, operator_id, offered_at, expires_at) values ($1, $2, $3, $4)', [
          order!.id,
          'held-0',
          now.toISOString(),
          new Date(now.getTime() + 30_000).toISOString(),
        ]);
        pausing = instances[0]!.operations.byPlatform('desk', String(order!.id), 'pause');
        await expect.poll(async () => (await store.sql.query<{ n: number }>('select count(*)::int as n from pg_locks where not granted and pid in (select pid from pg_stat_activity where datname = current_database())')).rows[0]!.n).toBeGreaterThan(0);
      });
      await pausing;

      const { rows } = await store.sql.query<{ outcome: string | null }>('select outcome from order_offers where order_id = $1', [order!.id]);
      expect(rows).toEqual([{ outcome: 'withdrawn' }]);
    });
  });
}
