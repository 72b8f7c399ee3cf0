import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES } from '../../../src/lifecycle/store/dispatch-store.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import { ENGINES, onEngine, type TestStore } from '../../support/engines.js';
import { newOrder } from '../../support/new-order.js';

const ROSTER = 1_000;

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`choosing whom to offer an order, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
      await store.sql.exec(`insert into operators (id, name, phone, services, latitude, longitude)
        select 'op-' || i, 'Grúas ' || i, '+56922222222', '{1,2,3}', -33.44, -70.66 from generate_series(1, ${ROSTER}) i;
        analyze operators`);
    });
    afterAll(() => store?.dispose());

    // The statement is planned once and kept (BY_UNIQUE_KEY): its generic plan is the one that runs.
    it('when the candidates are checked against a roster of a thousand, then each is looked up by its keys and nothing is read whole', async () => {
      const plan = await store.sql.transaction(async (tx) => {
        await tx.exec(`set local plan_cache_mode = force_generic_plan;
          prepare candidates (bigint, text[]) as ${CANDIDATES}`);
        try {
          const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain execute candidates (1, '{op-7,op-3}')`);
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await tx.exec('deallocate candidates');
        }
      });

      expect(plan).toMatch(/Index Scan using operators_pkey on operators/);
      expect(plan).not.toMatch(/Seq Scan|Hash/);
    });

    it('when candidates are off duty, busy, asked already or holding another offer, then the others come in the order given', async () => {
      const orders = createOrderStore(store.sql);
      const [order, other] = [await orders.insert(newOrder()), await orders.insert(newOrder())];
      await store.sql.exec(`update operators set on_duty = false where id = 'op-5';
        update operators set current_order_id = ${other.id} where id = 'op-9'`);
      const offer = (orderId: number, operatorId: string, outcome: string | null) =>
        store.sql.query(
          `insert into order_offers (order_id, operator_id, offered_at, expires_at, outcome) values ($1, $2, now(), now() + interval '30 seconds', $3)`,
          [orderId, operatorId, outcome],
        );
      // Asked for this order and declined; asked for the other and still deciding; asked for this
      // order, but the offer withdrawn (it asked nothing): asked again.
      await offer(order.id, 'op-12', 'declined');
      await offer(other.id, 'op-2', null);
      await offer(order.id, 'op-40', 'withdrawn');

      const { rows } = await store.sql.query<{ id: string }>(CANDIDATES, [order.id, ['op-9', 'op-12', 'op-5', 'op-2', 'op-40', 'op-8', 'gone']]);

      expect(rows.map((row) => row.id)).toEqual(['op-40', 'op-8']);
    });
  });
}
