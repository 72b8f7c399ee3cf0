import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';
import { newOrder } from '../../support/new-order.js';

// What the store adds to every order it creates: its first version, nothing of a later life.
const AS_CREATED = { version: 1, pausedPendingStatus: null, providerPaymentId: null, refundAmount: null, partner: null };

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`the order store, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());

    it('when orders arrive together, then each is stored with its own id and reads back exactly as it went in', async () => {
      const orders = createOrderStore(store.sql);
      const inputs = [
        newOrder(),
        newOrder({ clientName: 'Ana Pérez', originTitle: "O'Higgins 1 \"norte\"", serviceCode: 2 }),
        // Beyond 32 bits, for the bigint columns, which come back as text on PostgreSQL.
        newOrder({ amounts: { total: 9_000_000_000_000, partner: 7_650_000_000_000, platform: 1_350_000_000_000 } }),
      ];

      const stored = await Promise.all(inputs.map((o) => orders.insert(o)));

      expect(new Set(stored.map((o) => o.id)).size).toBe(inputs.length);
      for (const [i, order] of stored.entries()) {
        expect(order).toEqual({ ...inputs[i], ...AS_CREATED, id: order.id });
        expect(await orders.findById(order.id, 'app-1')).toEqual(order);
        expect(await orders.findByPaymentReference(order.paymentReference)).toEqual(order);
      }
      expect(await orders.findById(stored[0]!.id, 'someone-else')).toBeNull();
    });

    it('when a payment reference is asked for in capitals, then its order is found; when it is no UUID, then none is, without an error', async () => {
      const orders = createOrderStore(store.sql);
      const order = await orders.insert(newOrder());
      expect(await orders.findByPaymentReference(order.paymentReference.toUpperCase())).toEqual(order);
      for (const reference of ['ref-1', '', `${order.paymentReference}x`, "' or true --"]) {
        expect(await orders.findByPaymentReference(reference), reference).toBeNull();
      }
    });

    it('hands the stores the types they expect: numbers for int and float, Date for timestamptz, number[] for smallint[]', async () => {
      const { rows } = await store.sql.query<Record<string, unknown>>(
        `select 7::bigint as big, 3::smallint as small, 1.5::float8 as float,
           timestamptz '2026-11-21T17:10:00.123Z' as at, array[1, 3]::smallint[] as services`,
      );
      const row = rows[0]!;
      expect(Number(row.big)).toBe(7);
      expect([row.small, row.float, row.services]).toEqual([3, 1.5, [1, 3]]);
      expect(row.at).toEqual(new Date('2026-11-21T17:10:00.123Z'));
    });
  });
}

describe('the order store, as it asks the engine to plan its inserts', () => {
  it('plans the plain insert once, and the one binding Idempotency-Keys, which joins a table, for each run', async () => {
    const [embedded] = ENGINES;
    const store = await embedded!.open();
    try {
      const planOnce = new Map<string, boolean>();
      const recording: Sql = {
        ...store.sql,
        query: (text, params, options) => {
          planOnce.set(text.includes('idempotency_keys') ? 'binding keys' : 'plain insert', options?.planOnce ?? false);
          return store.sql.query(text, params, options);
        },
      };
      const orders = createOrderStore(recording);
      await orders.insert(newOrder());
      await orders.insert(newOrder(), 'key-1');
      expect(Object.fromEntries(planOnce)).toEqual({ 'plain insert': true, 'binding keys': false });
    } finally {
      await store.dispose();
    }
  });
});
