import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';
import { newOrder } from '../../support/new-order.js';

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`reading orders, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());

    it('when an operator is assigned, then every read of the order carries it as the roster has it now', async () => {
      const orders = createOrderStore(store.sql);
      const order = await orders.insert(newOrder({ ownerSubject: 'reader-1' }));
      await store.sql.query(
        "insert into operators (id, name, phone, services, latitude, longitude) values ('tow-17', 'Grúas Andes', '+56922222222', '{1}', -33.44, -70.66)",
      );
      await store.sql.query("update orders set partner_id = 'tow-17', version = 3 where id = $1", [order.id]);
      await store.sql.query("update operators set latitude = -33.45 where id = 'tow-17'");

      const partner = { id: 'tow-17', name: 'Grúas Andes', phone: '+56922222222', position: { latitude: -33.45, longitude: -70.66 } };
      for (const read of [
        orders.findById(order.id, 'reader-1'),
        orders.findAnyById(order.id),
        orders.findByPaymentReference(order.paymentReference),
        orders.listByOwner('reader-1', { limit: 1 }).then((page) => page[0]),
      ]) {
        expect(await read).toMatchObject({ id: order.id, partnerId: 'tow-17', partner, version: 3 });
      }
    });

    it('when the assigned operator has left the roster, then the order keeps its id and shows no partner', async () => {
      const orders = createOrderStore(store.sql);
      const order = await orders.insert(newOrder());
      await store.sql.query("update orders set partner_id = 'gone-1' where id = $1", [order.id]);

      expect(await orders.findAnyById(order.id)).toMatchObject({ partnerId: 'gone-1', partner: null });
    });

    it('when any order is asked for by id alone, then it is found whoever owns it; an unknown id is null', async () => {
      const orders = createOrderStore(store.sql);
      const order = await orders.insert(newOrder({ ownerSubject: 'someone' }));

      expect(await orders.findAnyById(order.id)).toEqual(await orders.findById(order.id, 'someone'));
      expect(await orders.findAnyById(order.id + 10_000)).toBeNull();
    });

    it("when an owner's orders are listed, then they come newest first, a page at a time, in the status asked, and no one else's", async () => {
      const orders = createOrderStore(store.sql);
      const mine = [];
      for (let i = 0; i < 7; i++) mine.push(await orders.insert(newOrder({ ownerSubject: 'lister' })));
      await orders.insert(newOrder({ ownerSubject: 'other' }));
      await store.sql.query("update orders set status = 'cancelled', pending_status = null where id = any($1::bigint[])", [
        [mine[1]!.id, mine[4]!.id, mine[5]!.id],
      ]);
      const ids = (page: { id: number }[]) => page.map((o) => o.id);

      expect(ids(await orders.listByOwner('lister', { limit: 3 }))).toEqual([mine[6]!.id, mine[5]!.id, mine[4]!.id]);
      expect(ids(await orders.listByOwner('lister', { limit: 3, before: mine[4]!.id }))).toEqual([mine[3]!.id, mine[2]!.id, mine[1]!.id]);
      expect(ids(await orders.listByOwner('lister', { limit: 10, status: 'cancelled' }))).toEqual([mine[5]!.id, mine[4]!.id, mine[1]!.id]);
      expect(ids(await orders.listByOwner('lister', { limit: 10, status: 'pending', before: mine[3]!.id }))).toEqual([mine[2]!.id, mine[0]!.id]);
      expect(await orders.listByOwner('nobody', { limit: 10 })).toEqual([]);
    });
  });
}
