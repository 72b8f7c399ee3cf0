import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { NewOrder } from '../../../src/orders/domain/order.js';
import { createIdempotencyStore } from '../../../src/orders/store/idempotency-store.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';

const MINUTE = 60_000;
const limits = { staleAfterMs: MINUTE, keepForMs: 24 * 60 * MINUTE };
const newOrder = (ownerSubject: string): NewOrder => {
  const reference = randomUUID();
  const point = { latitude: -33.4378, longitude: -70.6505 };
  return {
    ownerSubject, status: 'pending', pendingStatus: 'pending_payment', paymentReference: reference,
    paymentUrl: `https://pay.example/${reference}`, origin: point, destination: point, originTitle: 'a',
    destinationTitle: 'a', serviceCode: 2, vehicleIdentification: 'AB12CD', distanceMetres: 0, durationSeconds: 0,
    amounts: { total: 100, partner: 85, platform: 15 }, currency: 'CLP', partnerDistanceMetres: 10,
    partnerDurationSeconds: 1, quotedOperatorId: 'op', clientName: null, clientPhone: '+56912345678',
    partnerId: null, createdAt: at(0), updatedAt: at(0),
  };
};
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 12, 0) + minutes * MINUTE);

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`the idempotency store, ${onEngine(engine)}`, () => {
    let store: TestStore;
    let keys: ReturnType<typeof createIdempotencyStore>;
    let n = 0;
    const key = () => `k-${++n}`;
    beforeAll(async () => {
      store = await engine.open();
      keys = createIdempotencyStore(store.sql, limits);
    });
    afterAll(() => store?.dispose());

    it('when many claim one key at once, then exactly one gets it', async () => {
      const k = key();
      const claims = await Promise.all(Array.from({ length: 20 }, () => keys.claim('app', k, 'f', at(0))));
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'in-use')).toHaveLength(19);
    });

    it('when a claim has had no order for longer than the stale limit, then it may be taken over', async () => {
      const k = key();
      await keys.claim('app', k, 'f', at(0));
      expect(await keys.claim('app', k, 'f', at(0.5))).toEqual({ kind: 'in-use' });
      expect(await keys.claim('app', k, 'f', at(2))).toEqual({ kind: 'claimed' });
    });

    it('when a claim is released, then the key is free again', async () => {
      const k = key();
      await keys.claim('app', k, 'f', at(0));
      await keys.release('app', k);
      expect(await keys.claim('app', k, 'g', at(0))).toEqual({ kind: 'claimed' });
    });

    it('when the order is stored, then the key is bound to it in the same write and repeats get it back', async () => {
      const k = key();
      await keys.claim('app', k, 'f', at(0));
      const order = await createOrderStore(store.sql).insert(newOrder('app'), k);
      expect(await keys.claim('app', k, 'f', at(60))).toEqual({ kind: 'done', orderId: order.id });
      expect(await keys.claim('app', k, 'g', at(60))).toEqual({ kind: 'reused' });
      await keys.release('app', k);
      expect(await keys.claim('app', k, 'f', at(60))).toEqual({ kind: 'done', orderId: order.id });
    });

    it('when a key is older than the keeping time, then it is claimed anew, and purge forgets such keys', async () => {
      const k = key();
      await keys.claim('app', k, 'f', at(0));
      await createOrderStore(store.sql).insert(newOrder('app'), k);
      expect(await keys.claim('app', k, 'g', at(24 * 60 + 1))).toEqual({ kind: 'claimed' });
      expect(await keys.purge(at(3 * 24 * 60))).toBeGreaterThan(0);
      expect(await keys.claim('app', k, 'f', at(3 * 24 * 60))).toEqual({ kind: 'claimed' });
    });
  });
}
