import { describe, expect, it } from 'vitest';
import { createOrderFeedStore } from '../../src/live-updates/store/order-feed-store.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import { writeEvent } from '../../src/orders/store/order-changes.js';
import { ENGINES, onEngine } from '../support/engines.js';
import { newOrder } from '../support/new-order.js';
import type { OrderEventType } from '../../src/orders/domain/order.js';

describe.each(ENGINES)('what live updates read of orders, $name', (engine) => {
  it.skipIf(engine.skip !== null)(`${onEngine(engine)}: the order, its version and the types of its events after a version`, async () => {
    const store = await engine.open();
    try {
      const { sql } = store;
      const order = await createOrderStore(sql).insert(newOrder());
      const change = async (type: OrderEventType) => {
        const { rows } = await sql.query<{ version: number }>('update orders set version = version + 1 where id = $1 returning version', [order.id]);
        const at = new Date('2026-11-21T17:20:00.000Z');
        const actor = { kind: 'timer' as const, id: null };
        await writeEvent(sql, { orderId: order.id, seq: rows[0]!.version, type, at, status: 'pending', pendingStatus: 'pending_partner', actor, reason: null, traceparent: null });
      };
      for (const type of ['paid', 'partner_moved', 'partner_moved'] as const) await change(type);
      const feed = createOrderFeedStore(sql);

      const first = await feed.read(order.id, 0);
      const later = await feed.read(order.id, 2);
      const tracking = await feed.tracking(order.id, 0);

      expect(first).toMatchObject({ version: 4, typesSince: [], order: { id: order.id, clientPhone: '+56912345678' } });
      expect(later?.typesSince).toEqual(['partner_moved', 'partner_moved']);
      expect(tracking?.source.history.map((e) => e.type)).toEqual(['created', 'paid']);
      expect(await feed.orderIdOf(order.paymentReference)).toBe(order.id);
      expect(await feed.orderIdOf('not-a-reference')).toBeNull();
      expect(await feed.read(order.id + 1000, 0)).toBeNull();
    } finally {
      await store.dispose();
    }
  });
});
