import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamOutcomeUnknownError } from '../../src/gateway/domain/errors.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { createGatewayIdempotencyStore } from '../../src/gateway/store/gateway-idempotency-store.js';
import { createGatewayOrderStore } from '../../src/gateway/store/gateway-order-store.js';
import { ENGINES, onEngine, type TestStore } from '../support/engines.js';

const MINUTE = 60_000;
const limits = { unsettledAfterMs: 2 * MINUTE, keepForMs: 24 * 60 * MINUTE };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 12, 0) + minutes * MINUTE);
const body = (id: number) => `{"id":${id},  "tracking":{"code":"TRK-${id}"},"totalAmount":1.50}`;

/** The store, or, while `down`, a store whose every statement fails. */
function flaky(sql: Sql): Sql & { down: boolean } {
  const store = Object.assign(Object.create(sql) as Sql, { down: false });
  store.query = (async (text: string, params?: unknown[]) => {
    if (store.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    return sql.query(text, params);
  }) as Sql['query'];
  return store;
}

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`the gateway's stores, ${onEngine(engine)}`, () => {
    let store: TestStore;
    let orders: ReturnType<typeof createGatewayOrderStore>;
    let keys: ReturnType<typeof createGatewayIdempotencyStore>;
    let n = 0;
    const key = () => `k-${++n}`;
    beforeAll(async () => {
      store = await engine.open();
      orders = createGatewayOrderStore(store.sql);
      keys = createGatewayIdempotencyStore(store.sql, limits);
    });
    afterAll(() => store?.dispose());

    it('when an order is kept, then its body comes back byte for byte, to its owner only', async () => {
      await orders.insert({ id: 101, ownerSubject: 'ana', body: body(101), createdAt: at(0) });

      expect(await orders.findById(101, 'ana')).toEqual({ id: 101, ownerSubject: 'ana', body: body(101), createdAt: at(0) });
      expect(await orders.findById(101, 'bruno')).toBeNull();
    });

    it("when an owner's kept orders are listed, then they come newest first by the legacy's id, a page at a time, its own only", async () => {
      for (const id of [903, 901, 905, 902]) await orders.insert({ id, ownerSubject: 'carla', body: body(id), createdAt: at(0) });
      await orders.insert({ id: 904, ownerSubject: 'dora', body: body(904), createdAt: at(0) });
      const ids = (records: { id: number }[]) => records.map((r) => r.id);

      expect(ids(await orders.listByOwner('carla', { limit: 3 }))).toEqual([905, 903, 902]);
      expect(ids(await orders.listByOwner('carla', { limit: 3, before: 902 }))).toEqual([901]);
      expect((await orders.listByOwner('carla', { limit: 1 }))[0]).toEqual({ id: 905, ownerSubject: 'carla', body: body(905), createdAt: at(0) });
    });

    it('when orders arrive together, then each is kept and each key is bound to its own order', async () => {
      const [k1, k2] = [key(), key()];
      await keys.claim('ana', k1, 'f1', at(0));
      await keys.claim('ana', k2, 'f2', at(0));

      await Promise.all([
        orders.insert({ id: 201, ownerSubject: 'ana', body: body(201), createdAt: at(0) }, k1),
        orders.insert({ id: 202, ownerSubject: 'ana', body: body(202), createdAt: at(0) }, k2),
        orders.insert({ id: 203, ownerSubject: 'bruno', body: body(203), createdAt: at(0) }),
      ]);

      expect(await keys.claim('ana', k1, 'f1', at(1))).toEqual({ kind: 'done', orderId: 201 });
      expect(await keys.claim('ana', k2, 'f2', at(1))).toEqual({ kind: 'done', orderId: 202 });
    });

    it('when the legacy gives an id already kept, then that insert fails and the others of its batch are kept', async () => {
      const results = await Promise.allSettled([
        orders.insert({ id: 101, ownerSubject: 'bruno', body: body(101), createdAt: at(0) }),
        orders.insert({ id: 301, ownerSubject: 'bruno', body: body(301), createdAt: at(0) }),
      ]);

      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      expect((await orders.findById(101, 'ana'))?.ownerSubject).toBe('ana');
    });

    it('when a claim is older than any call could be and has no order, then the key is refused: its process died mid-call', async () => {
      const k = key();
      await keys.claim('ana', k, 'f', at(0));

      expect(await keys.claim('ana', k, 'f', at(1))).toEqual({ kind: 'in-use' });
      await expect(keys.claim('ana', k, 'f', at(3))).rejects.toBeInstanceOf(UpstreamOutcomeUnknownError);
      await expect(keys.claim('ana', k, 'f', at(600))).rejects.toBeInstanceOf(UpstreamOutcomeUnknownError);
    });

    it('when a key is marked, then it is refused at once, and release leaves it', async () => {
      const k = key();
      await keys.claim('ana', k, 'f', at(0));

      await keys.markOutcomeUnknown('ana', k);
      await keys.release('ana', k);

      await expect(keys.claim('ana', k, 'f', at(0))).rejects.toBeInstanceOf(UpstreamOutcomeUnknownError);
    });

    it('when the mark cannot be written, then this process still never releases the key', async () => {
      const k = key();
      await keys.claim('ana', k, 'f', at(0));
      const sql = flaky(store.sql);
      const cut = createGatewayIdempotencyStore(sql, limits);
      sql.down = true;
      await cut.markOutcomeUnknown('ana', k);
      sql.down = false;

      await cut.release('ana', k);

      expect(await keys.claim('ana', k, 'f', at(1))).toEqual({ kind: 'in-use' });
    });

    it('when a call made nothing, then release frees the key for the corrected retry', async () => {
      const k = key();
      await keys.claim('ana', k, 'f', at(0));

      await keys.release('ana', k);

      expect(await keys.claim('ana', k, 'g', at(0))).toEqual({ kind: 'claimed' });
    });

    it('when the same key comes with another request, then it is a reuse', async () => {
      const k = key();
      await keys.claim('ana', k, 'f', at(0));

      expect(await keys.claim('ana', k, 'other', at(0))).toEqual({ kind: 'reused' });
    });

    it('when a key is past its keeping time, then it may be claimed again, marked or not', async () => {
      const k = key();
      await keys.claim('ana', k, 'f', at(0));
      await keys.markOutcomeUnknown('ana', k);

      expect(await keys.claim('ana', k, 'f', at(24 * 60 + 1))).toEqual({ kind: 'claimed' });
    });
  });
}
