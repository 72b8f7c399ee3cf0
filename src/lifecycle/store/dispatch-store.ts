import type { DispatchStore, OfferOutcome, OfferView, WaitingOffer } from '../domain/ports.js';
import { fromRow, selectOrdersFrom, type OrderRow } from '../../orders/store/order-rows.js';
import { REPLACE_TIMER, setTimers } from './order-timers.js';
import { BY_UNIQUE_KEY, type Sql } from '../../platform/store/sql.js';

// The order locked for the whole decision (one dispatch of an order at a time); while it waits
// for an operator, its offers past their time expired; and the one still open, if any. Each of
// a round's steps is one statement (each statement is a round trip to the engine), by keys,
// planned once (BY_UNIQUE_KEY).
const STATE = `with locked as (select pending_status from orders where id = $1 for update),
  expired as (
    update order_offers set outcome = 'expired', decided_at = $2
    where order_id = $1 and outcome is null and expires_at <= $2 and (select pending_status from locked) = 'pending_partner'
  )
  select (select pending_status from locked) as pending_status,
    (select expires_at from order_offers where order_id = $1 and outcome is null and expires_at > $2) as open_until`;

// The candidates in the order given (nearest first) that may be asked: on duty, free, not asked
// for this order before, holding no other open offer. An offer withdrawn (the order paused, say)
// did not ask the operator anything: it is forgotten, and the operator may be asked again. Each
// candidate is looked up by its keys, in a subquery the planner does not turn into a join,
// whatever the roster's size: joined to the list, a roster of a thousand was read whole at every
// dispatch, the costliest statement of an order's life.
export const CANDIDATES = `with forgotten as (delete from order_offers where order_id = $1 and outcome = 'withdrawn')
  select c.id from unnest($2::text[]) with ordinality as c(id, n)
  where (
    select o.on_duty and o.current_order_id is null
      and not exists (select 1 from order_offers f where f.order_id = $1 and f.operator_id = o.id and f.outcome is distinct from 'withdrawn')
      and not exists (select 1 from order_offers f where f.operator_id = o.id and f.outcome is null)
    from operators o where o.id = c.id
  )
  order by c.n`;

// The offer to a candidate, and the order's dispatch timer at its expiry. The candidate, still
// free, is locked until the offer commits: an operator taken meanwhile by another order is passed
// over; one being taken waits for the offer, and then withdraws it with its other open offers
// (see lifecycle-store.ts). Without the lock, an operator taken as it was offered kept the offer:
// the order waited its whole timeout on an operator who could not take it. Two orders offered at
// once to the same operator on two instances: the open-offer index lets one insert through; the
// other finds no row inserted and tries its next candidate.
const OFFER = `with free as (select id from operators where id = $2 and on_duty and current_order_id is null for update),
  offered as (
    insert into order_offers (order_id, operator_id, offered_at, expires_at) select $1, id, $3, $4 from free
    on conflict do nothing returning operator_id
  ),
  timer as (
    insert into order_timers (order_id, kind, due_at) select $1, 'dispatch', $4 from offered ${REPLACE_TIMER}
  )
  select operator_id from offered`;

// Every open offer with its order, read as every order is (order-rows.ts). Open offers are one per
// order and one per operator (the open-offer indexes), so there are at most as many as operators
// on duty; those past their time and not yet closed by their timer are left out, as Order.offer
// leaves them out. Ties of expiry are broken by order id, so that a page is the same on each read.
const WAITING = `${selectOrdersFrom('orders', ', f.operator_id as offer_operator_id, f.expires_at as offer_expires_at')}
  join order_offers f on f.order_id = o.id and f.outcome is null and f.expires_at > $1
  order by f.expires_at, f.order_id limit $2`;

export function createDispatchStore(sql: Sql): DispatchStore {
  return {
    offerNext: (orderId, candidates, now, expiresAt, retryAt) =>
      sql.transaction(async (tx): Promise<OfferOutcome> => {
        const { rows } = await tx.query<{ pending_status: string | null; open_until: Date | string | null }>(
          STATE,
          [orderId, now.toISOString()],
          BY_UNIQUE_KEY,
        );
        const state = rows[0];
        if (state?.pending_status !== 'pending_partner') return { kind: 'not_dispatching' };
        if (state.open_until !== null) {
          await setTimers(tx, orderId, [{ kind: 'dispatch', dueAt: new Date(state.open_until) }]);
          return { kind: 'open' };
        }
        const { rows: free } = await tx.query<{ id: string }>(CANDIDATES, [orderId, candidates], BY_UNIQUE_KEY);
        for (const { id } of free) {
          const { rows: offered } = await tx.query(OFFER, [orderId, id, now.toISOString(), expiresAt.toISOString()], BY_UNIQUE_KEY);
          if (offered.length) return { kind: 'offered', operatorId: id, expiresAt };
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
        if (!rows.length) {
          const before = await tx.query<{ outcome: string | null }>(
            'select outcome from order_offers where order_id = $1 and operator_id = $2',
            [orderId, operatorId],
            BY_UNIQUE_KEY,
          );
          return before.rows[0]?.outcome === 'declined' ? 'repeated' : 'unavailable';
        }
        await setTimers(tx, orderId, [{ kind: 'dispatch', dueAt: now }]);
        return 'declined';
      });
    },

    async openOffers(operatorId, now) {
      const { rows } = await sql.query<{ order_id: string | number; expires_at: Date | string }>(
        'select order_id, expires_at from order_offers where operator_id = $1 and outcome is null and expires_at > $2 order by offered_at',
        [operatorId, now.toISOString()],
      );
      return rows.map((r): OfferView => ({ orderId: Number(r.order_id), operatorId, expiresAt: new Date(r.expires_at) }));
    },

    // By the open-offer index (one open offer per order): a page of orders costs one statement.
    async openOffersOf(orderIds, now) {
      const { rows } = await sql.query<{ order_id: string | number; operator_id: string; expires_at: Date | string }>(
        'select order_id, operator_id, expires_at from order_offers where order_id = any($1::bigint[]) and outcome is null and expires_at > $2',
        [orderIds, now.toISOString()],
        BY_UNIQUE_KEY,
      );
      return rows.map((r): OfferView => ({ orderId: Number(r.order_id), operatorId: r.operator_id, expiresAt: new Date(r.expires_at) }));
    },

    async waitingOffers(now, limit) {
      const { rows } = await sql.query<OrderRow & { offer_operator_id: string; offer_expires_at: Date | string }>(
        WAITING,
        [now.toISOString(), limit],
      );
      return rows.map((r): WaitingOffer => {
        const order = fromRow(r);
        return { orderId: order.id, operatorId: r.offer_operator_id, expiresAt: new Date(r.offer_expires_at), order };
      });
    },
  };
}
