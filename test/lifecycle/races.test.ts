import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT } from '../../src/orders/domain/actors.js';
import { createDispatch } from '../../src/lifecycle/domain/dispatch.js';
import { createDispatchStore } from '../../src/lifecycle/store/dispatch-store.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { onEngine, pglite, postgres, type TestStore } from '../support/engines.js';
import { newOrder } from '../support/new-order.js';
import { fakeRefunder } from './support/fake-refunder.js';
import { addOperators, fixedRoster, secondConnection, settleAll } from './support/fixtures.js';
import { allHistoryProblems } from './support/history.js';
import { lifeInstance, type LifeInstance } from './support/instance.js';

const T0 = new Date('2026-07-01T10:00:00.000Z');
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const FEE_PERCENT = 10;

for (const engine of [pglite, postgres]) {
  describe.skipIf(engine.skip !== null)(`races between parties and between instances, ${onEngine(engine)}`, () => {
    let store: TestStore;
    let second: { sql: Sql; close(): Promise<void> };
    // Two instances of the service over one store: on PostgreSQL each with a pool of its own.
    let a: LifeInstance;
    let b: LifeInstance;
    let now = T0;
    let nearest: readonly string[] = [];
    const refunds = fakeRefunder();
    const instance = (sql: Sql) =>
      lifeInstance(sql, {
        clock: () => now,
        roster: fixedRoster(() => nearest),
        refunder: refunds.refunder,
        policy: { cancellationFeePercent: FEE_PERCENT },
        followUps: 'timers only',
      });

    beforeAll(async () => {
      store = await engine.open();
      second = await secondConnection(store);
      a = instance(store.sql);
      b = instance(second.sql);
    });
    afterAll(async () => {
      await second?.close();
      await store?.dispose();
    });
    afterEach(async () => {
      expect(Object.fromEntries(await allHistoryProblems(store.sql))).toEqual({});
      expect([...a.problems, ...b.problems]).toEqual([]);
    });

    const rows = async <T>(text: string, params: unknown[] = []) => (await store.sql.query<T>(text, params)).rows;
    async function paidOrder(serviceCode: 1 | 2 = 1) {
      const order = await createOrderStore(store.sql).insert(newOrder({ serviceCode, createdAt: now, updatedAt: now }));
      const paid = { providerPaymentId: `pay-${order.id}`, amount: order.amounts.total, currency: order.currency };
      await a.lifecycle.move(order.id, 'pay', PAYMENT, { paid });
      return order;
    }
    async function offeredTo(operatorId: string) {
      const order = await paidOrder();
      nearest = [operatorId];
      expect(await a.dispatch.dispatch(order.id)).toMatchObject({ kind: 'offered', operatorId });
      return order;
    }
    const busyWith = async (orderId: number) =>
      (await rows<{ id: string }>('select id from operators where current_order_id = $1 order by id', [orderId])).map((r) => r.id);
    const eventTypes = async (orderId: number) =>
      (await rows<{ type: string }>('select type from order_events where order_id = $1 order by seq', [orderId])).map((r) => r.type);

    it('when the change that put an order up for offers gives it to the dispatch, then it is not read again, and one cancelled meanwhile is not offered', async () => {
      await addOperators(store.sql, ['given-0'], now);
      const dispatch = createDispatch({
        store: createDispatchStore(store.sql),
        orders: { load: () => Promise.reject(new Error('the order was read again')) },
        roster: fixedRoster(() => ['given-0']),
        policy: { radiusMetres: 25_000, offerTimeoutMs: 30_000, retryMs: 10_000 },
        clock: () => now,
      });
      const cancelled = await paidOrder();
      await a.lifecycle.move(cancelled.id, 'cancel', { kind: 'owner', id: cancelled.ownerSubject });
      expect(await dispatch.dispatch(cancelled)).toEqual({ kind: 'not_dispatching' });
      const order = await paidOrder();
      expect(await dispatch.dispatch(order)).toMatchObject({ kind: 'offered', operatorId: 'given-0' });
    });

    it('when fifty operators accept one order at once, then the one it is offered to takes it and the others are told the offer is not theirs', async () => {
      const ids = range(50).map((i) => `crowd-${i}`);
      await addOperators(store.sql, ids, now);
      const order = await paidOrder();
      nearest = ids;
      expect(await a.dispatch.dispatch(order.id)).toMatchObject({ kind: 'offered', operatorId: 'crowd-0' });

      // The operator offered the order asks midway through the crowd, half on each instance.
      const callers = [...ids.slice(25), ...ids.slice(0, 25)];
      const results = await settleAll(callers.map((id, i) => (i % 2 ? a : b).operations.acceptOffer(id, String(order.id))));

      const byCaller = new Map(callers.map((id, i) => [id, results[i]!]));
      expect(byCaller.get('crowd-0')).toMatchObject({ ok: true, value: { changed: true, order: { step: 'partner_start_order', partnerId: 'crowd-0' } } });
      const others = callers.filter((id) => id !== 'crowd-0').map((id) => byCaller.get(id)!);
      expect(others.map((r) => (r.ok ? 'accepted' : r.code))).toEqual(others.map(() => 'OFFER_UNAVAILABLE'));
      expect(await busyWith(order.id)).toEqual(['crowd-0']);
      expect(await eventTypes(order.id)).toEqual(['created', 'paid', 'assigned']);
    });

    it('when the operator offered an order accepts it fifty times at once, then one acceptance changes it and the others are repeats', async () => {
      await addOperators(store.sql, ['eager'], now);
      const order = await offeredTo('eager');

      const results = await settleAll(range(50).map((i) => (i % 2 ? a : b).operations.acceptOffer('eager', String(order.id))));

      expect(results.filter((r) => !r.ok)).toEqual([]);
      const changed = results.map((r) => r.ok && r.value.changed);
      expect(changed.filter(Boolean)).toHaveLength(1);
      expect(await busyWith(order.id)).toEqual(['eager']);
      expect(await eventTypes(order.id)).toEqual(['created', 'paid', 'assigned']);
    });

    it('when owners cancel as their operators accept, then each order has one story: cancelled before, with the whole refund, or after, less the fee', async () => {
      const pairs = 24;
      const ids = range(pairs).map((i) => `duel-${i}`);
      await addOperators(store.sql, ids, now);
      const orders = [];
      for (const id of ids) orders.push(await offeredTo(id));
      now = new Date(T0.getTime() + 5_000);

      // Half the pairs start with the acceptance, half with the cancel; each pair on two instances.
      const outcomes = await Promise.all(
        orders.map(async (order, i) => {
          const cancel = () => a.operations.cancelByOwner(order.ownerSubject, String(order.id), 'no longer needed');
          const accept = () => b.operations.acceptOffer(ids[i]!, String(order.id));
          const [first, then] = i % 2 ? [accept(), cancel()] : [cancel(), accept()];
          const [x, y] = await settleAll<unknown>([first, then]);
          return i % 2 ? { accept: x!, cancel: y! } : { cancel: x!, accept: y! };
        }),
      );

      const seen = { cancelledFirst: 0, acceptedFirst: 0 };
      for (const [i, order] of orders.entries()) {
        const { accept, cancel } = outcomes[i]!;
        expect(cancel, `order ${order.id}`).toMatchObject({ ok: true, value: { changed: true } });
        const accepted = accept.ok;
        if (!accepted) expect(accept, `order ${order.id}`).toMatchObject({ code: 'OFFER_UNAVAILABLE' });
        seen[accepted ? 'acceptedFirst' : 'cancelledFirst']++;
        const fee = accepted ? Math.round((order.amounts.total * FEE_PERCENT) / 100) : 0;
        const [row] = await rows<{ status: string; payment_status: string; refund_amount: string | number }>(
          'select status, payment_status, refund_amount from orders where id = $1',
          [order.id],
        );
        expect({ ...row, refund_amount: Number(row!.refund_amount) }, `order ${order.id}`).toEqual({
          status: 'cancelled',
          payment_status: 'refund_pending',
          refund_amount: order.amounts.total - fee,
        });
        expect(await busyWith(order.id), `order ${order.id}: its operator is free`).toEqual([]);
        expect(await eventTypes(order.id)).toEqual(accepted ? ['created', 'paid', 'assigned', 'cancelled'] : ['created', 'paid', 'cancelled']);
        const offers = await rows<{ outcome: string }>('select outcome from order_offers where order_id = $1', [order.id]);
        expect(offers).toEqual([{ outcome: accepted ? 'accepted' : 'withdrawn' }]);
        const timers = await rows<{ kind: string }>('select kind from order_timers where order_id = $1', [order.id]);
        expect(timers).toEqual([{ kind: 'refund' }]);
      }
      expect(seen.cancelledFirst + seen.acceptedFirst).toBe(pairs);
    });
  });
}
