import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT } from '../../src/orders/domain/actors.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { onEngine, pglite, postgres, type TestStore } from '../support/engines.js';
import { POLICY } from '../support/lifecycle.js';
import { newOrder } from '../support/new-order.js';
import { fakeRefunder } from './support/fake-refunder.js';
import { addOperators, fixedRoster, secondConnection } from './support/fixtures.js';
import { allHistoryProblems } from './support/history.js';
import { lifeInstance, type LifeInstance } from './support/instance.js';

const T0 = new Date('2026-07-02T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

for (const engine of [pglite, postgres]) {
  describe.skipIf(engine.skip !== null)(`two instances running the timers at once, ${onEngine(engine)}`, () => {
    let store: TestStore;
    let second: { sql: Sql; close(): Promise<void> };
    let instances: LifeInstance[];
    let now = T0;
    let nearest: readonly string[] = [];
    const refunds = fakeRefunder();

    beforeAll(async () => {
      store = await engine.open();
      second = await secondConnection(store);
      instances = [store.sql, second.sql].map((sql) =>
        lifeInstance(sql, { clock: () => now, roster: fixedRoster(() => nearest), refunder: refunds.refunder, followUps: 'timers only' }),
      );
    });
    afterAll(async () => {
      await second?.close();
      await store?.dispose();
    });

    const a = () => instances[0]!;
    const rows = async <T>(text: string, params: unknown[] = []) => (await store.sql.query<T>(text, params)).rows;
    // Each instance sweeps twice at once, as a slow sweep overlapping the next would.
    const sweep = () => Promise.all(instances.flatMap((i) => [i.timers.runDue(), i.timers.runDue()]));
    const count = async (text: string, params: unknown[] = []) => Number((await rows<{ n: unknown }>(text, params))[0]!.n);

    it('when every kind of timer falls due, then each is run by one instance: one offer a round, one give-up, one refund, one close', async () => {
      const waiting = [];
      for (const _ of range(20)) {
        const order = await createOrderStore(store.sql).insert(newOrder({ createdAt: now, updatedAt: now }));
        await a().lifecycle.move(order.id, 'pay', PAYMENT, { paid: { providerPaymentId: `p-${order.id}`, amount: order.amounts.total, currency: 'CLP' } });
        waiting.push(order);
      }
      // Finished orders, to be closed: each done by an operator of its own.
      const finished = [];
      for (const i of range(4)) {
        const order = await createOrderStore(store.sql).insert(newOrder({ serviceCode: 2, createdAt: now, updatedAt: now }));
        const operator = { kind: 'operator' as const, id: `closer-${i}` };
        await addOperators(store.sql, [operator.id], now);
        await a().lifecycle.move(order.id, 'pay', PAYMENT, { paid: { providerPaymentId: `p-${order.id}`, amount: order.amounts.total, currency: 'CLP' } });
        nearest = [operator.id];
        await a().dispatch.dispatch(order.id);
        for (const step of ['accept', 'set_out', 'arrive', 'finish'] as const) await a().lifecycle.move(order.id, step, operator);
        finished.push(order);
      }
      // Thirty operators, every one the nearest to every order: offers made at once contend for them.
      const crowd = range(30).map((i) => `sweeper-${i}`);
      await addOperators(store.sql, crowd, now);
      nearest = crowd;
      const ids = waiting.map((o) => o.id);
      const offersNow = () =>
        rows<{ order_id: unknown; n: unknown }>(
          'select order_id, count(*) as n from order_offers where order_id = any($1::bigint[]) and offered_at = $2 group by order_id',
          [ids, now.toISOString()],
        );

      await sweep();
      expect((await offersNow()).map((r) => Number(r.n))).toEqual(ids.map(() => 1));

      // The offers expire unanswered: each order is offered again at most once, to someone else.
      now = later(POLICY.offerTimeoutMs + 1_000);
      await sweep();
      expect((await offersNow()).every((r) => Number(r.n) === 1)).toBe(true);
      expect(await count('select count(*) as n from order_offers where order_id = any($1::bigint[]) and outcome is null', [ids])).toBeLessThanOrEqual(20);
      expect(await count('select count(*) as n from (select operator_id from order_offers where outcome is null group by operator_id having count(*) > 1) x')).toBe(0);

      // Nobody took them: each is given up once, and refunded once, in full.
      now = later(POLICY.giveUpAfterMs + 60_000);
      await sweep();
      await sweep();
      const events = await rows<{ order_id: unknown; type: string; actor: string }>(
        `select order_id, type, actor from order_events where order_id = any($1::bigint[]) and type in ('cancelled', 'refunded') order by order_id, seq`,
        [ids],
      );
      expect(events.map((e) => `${Number(e.order_id)} ${e.type} by ${e.actor}`)).toEqual(
        ids.flatMap((id) => [`${id} cancelled by timer`, `${id} refunded by payment`]),
      );
      for (const order of waiting) expect(refunds.made.get(`refund-${order.paymentReference}`)?.amount).toBe(order.amounts.total);
      expect(refunds.made.size).toBe(20);

      // A day on, the finished orders close, each once.
      now = later(POLICY.closeAfterMs + 60_000);
      await sweep();
      const closed = await rows<{ order_id: unknown; actor: string }>(
        `select order_id, actor from order_events where type = 'closed' order by order_id`,
      );
      expect(closed.map((e) => Number(e.order_id))).toEqual(finished.map((o) => o.id));
      expect(await rows('select order_id, kind from order_timers')).toEqual([]);
      expect(await count(`select count(*) as n from operators where current_order_id is not null`)).toBe(0);
      expect(Object.fromEntries(await allHistoryProblems(store.sql))).toEqual({});
      expect(instances.flatMap((i) => i.problems)).toEqual([]);
    });
  });
}
