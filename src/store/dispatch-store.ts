import type { DispatchStore, OfferOutcome, OfferView } from '../core/lifecycle/ports.js';
import { setTimers } from './order-timers.js';
import type { Sql } from './sql.js';

// The candidates in the order given (nearest first) that may be asked: on duty, free, not asked
// for this order before, holding no other open offer.
const CANDIDATES = `select c.id from unnest($2::text[]) with ordinality as c(id, n)
  join operators o on o.id = c.id and o.on_duty and o.current_order_id is null
  where not exists (select 1 from order_offers f where f.order_id = $1 and f.operator_id = c.id)
    and not exists (select 1 from order_offers f where f.operator_id = c.id and f.outcome is null)
  order by c.n`;

// Two orders offered at once to the same operator on two instances: the open-offer index lets
// one insert through; the other finds no row inserted and tries its next candidate.
// The candidate, still free, locked until the offer commits. An operator taken meanwhile by
// another order is passed over; one being taken waits for the offer, and then withdraws it with
// its other open offers (see lifecycle-store.ts). Without the lock, an operator taken as it was
// offered kept the offer: the order waited its whole timeout on an operator who could not take it.
const STILL_FREE = 'select id from operators where id = $1 and on_duty and current_order_id is null for update';

const OFFER = `insert into order_offers (order_id, operator_id, offered_at, expires_at) values ($1, $2, $3, $4)
  on conflict do nothing returning operator_id`;

export function createDispatchStore(sql: Sql): DispatchStore {
  return {
    offerNext: (orderId, candidates, now, expiresAt, retryAt) =>
      sql.transaction(async (tx): Promise<OfferOutcome> => {
        // The order's row is locked for the whole decision: one dispatch of an order at a time.
        const { rows: orders } = await tx.query<{ pending_status: string | null }>(
          'select pending_status from orders where id = $1 for update',
          [orderId],
        );
        if (orders[0]?.pending_status !== 'pending_partner') return { kind: 'not_dispatching' };
        await tx.query(
          `update order_offers set outcome = 'expired', decided_at = $2 where order_id = $1 and outcome is null and expires_at <= $2`,
          [orderId, now.toISOString()],
        );
        const { rows: open } = await tx.query<{ expires_at: Date | string }>(
          'select expires_at from order_offers where order_id = $1 and outcome is null',
          [orderId],
        );
        if (open[0]) {
          await setTimers(tx, orderId, [{ kind: 'dispatch', dueAt: new Date(open[0].expires_at) }]);
          return { kind: 'open' };
        }
        // An offer withdrawn (the order paused, say) did not ask the operator anything: it may be
        // asked again.
        await tx.query(`delete from order_offers where order_id = $1 and outcome = 'withdrawn'`, [orderId]);
        const { rows: free } = await tx.query<{ id: string }>(CANDIDATES, [orderId, candidates]);
        for (const { id } of free) {
          if (!(await tx.query(STILL_FREE, [id])).rows.length) continue;
          const { rows } = await tx.query(OFFER, [orderId, id, now.toISOString(), expiresAt.toISOString()]);
          if (rows.length) {
            await setTimers(tx, orderId, [{ kind: 'dispatch', dueAt: expiresAt }]);
            return { kind: 'offered', operatorId: id, expiresAt };
          }
        }
        await setTimers(tx, orderId, [{ kind: 'dispatch', dueAt: retryAt }]);
        return { kind: 'waiting' };
      }),

    async decline(orderId, operatorId, now) {
      return sql.transaction(async (tx) => {
        const { rows } = await tx.query(
          `update order_offers set outcome = 'declined', decided_at = $3
            where order_id = $1 and operator_id = $2 and outcome is null and expires_at > $3 returning order_id`,
          [orderId, operatorId, now.toISOString()],
        );
        if (!rows.length) return false;
        await setTimers(tx, orderId, [{ kind: 'dispatch', dueAt: now }]);
        return true;
      });
    },

    async openOffers(operatorId, now) {
      const { rows } = await sql.query<{ order_id: string | number; expires_at: Date | string }>(
        'select order_id, expires_at from order_offers where operator_id = $1 and outcome is null and expires_at > $2 order by offered_at',
        [operatorId, now.toISOString()],
      );
      return rows.map((r): OfferView => ({ orderId: Number(r.order_id), operatorId, expiresAt: new Date(r.expires_at) }));
    },
  };
}
