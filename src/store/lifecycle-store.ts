import type { PaymentStatus, ServiceCode } from '../core/orders/order.js';
import { PAYMENT } from '../core/lifecycle/actors.js';
import type { ChangeOutcome, LifecycleStore, LifeRecord, OrderChange } from '../core/lifecycle/ports.js';
import { stateOf, stepOf, type Step } from '../core/lifecycle/steps.js';
import { UUID } from './binary-arrays.js';
import { ChangeRefused, eventValues, inChange, insertEvent, writeEvent } from './order-changes.js';
import type { OnCommitted } from '../core/events/ports.js';
import { fromRow as orderFromRow, SELECT_ORDERS, type OrderRow } from './order-rows.js';
import { BY_UNIQUE_KEY, type Sql } from './sql.js';
import { insertTimers, setTimers } from './order-timers.js';

const LOAD = `select id, owner_subject, status, pending_status, service_code, origin_latitude, origin_longitude,
  partner_id, paused_pending_status, payment_status, total_amount, currency, payment_reference, payment_link_id, version
  from orders`;

interface LifeRow {
  id: string | number;
  owner_subject: string;
  status: LifeRecord['step'] & string;
  pending_status: string | null;
  service_code: number;
  origin_latitude: number;
  origin_longitude: number;
  partner_id: string | null;
  paused_pending_status: string | null;
  payment_status: PaymentStatus;
  total_amount: string | number;
  currency: string;
  payment_reference: string;
  payment_link_id: string | null;
  version: number;
}

const fromRow = (r: LifeRow): LifeRecord => ({
  id: Number(r.id),
  ownerSubject: r.owner_subject,
  step: stepOf({ status: r.status as never, pendingStatus: r.pending_status as never }),
  serviceCode: r.service_code as ServiceCode,
  origin: { latitude: r.origin_latitude, longitude: r.origin_longitude },
  partnerId: r.partner_id,
  pausedAt: r.paused_pending_status as Step | null,
  paymentStatus: r.payment_status,
  totalAmount: Number(r.total_amount),
  currency: r.currency,
  paymentReference: r.payment_reference,
  paymentLinkId: r.payment_link_id,
  version: r.version,
});

// The order moves only from where the change expects it (its step: pendingStatus while
// pending, else status), only as it was when the change was decided (its version) and, for a
// payment, only for the amount and currency it awaits. Refund and payment columns change only
// for a paid order (refund) or an unpaid one (expired).
const MOVE = `update orders set
    status = $2, pending_status = $3, version = version + 1, updated_at = $4,
    partner_id = coalesce($5, partner_id),
    paused_pending_status = case when $6 then $7 else paused_pending_status end,
    payment_status = case
      when $8::bigint is not null and payment_status = 'paid' then 'refund_pending'
      when $8::bigint is not null and payment_status = 'pending' then 'expired'
      when $9::text is not null then 'paid'
      else payment_status end,
    refund_amount = case when $8::bigint is not null and payment_status = 'paid' then $8 else refund_amount end,
    provider_payment_id = coalesce($9, provider_payment_id)
  where id = $1 and version = $13 and coalesce(pending_status, status) = any($10::text[])
    and ($9::text is null or (total_amount = $11 and currency = $12))
  returning version, payment_status`;

// What a change does besides moving the order, in one statement (each statement is a round trip
// to the engine, and a change used to take five): its offers withdrawn, its operator freed, its
// timers cleared and set, its event written, and the order read as the move left it, for the
// answer (the statement sees the move, made by the one before it). No two parts touch the same
// row, and what the read shows (the order, its partner's name and position) no part changes.
const TAIL = `with withdrawn as (
    update order_offers set outcome = 'withdrawn', decided_at = $2 where $3 and order_id = $1 and outcome is null
  ), freed as (
    update operators set current_order_id = null where id = $4 and current_order_id = $1
  ), cleared as (
    delete from order_timers where order_id = $1 and kind = any($5::text[])
  ), timers as (
    ${insertTimers('$1', '$6', '$7')}
  ), event as (
    ${insertEvent(8)}
  )
  ${SELECT_ORDERS} where o.id = $1`;

export function createLifecycleStore(sql: Sql, onCommitted: OnCommitted = () => {}): LifecycleStore {
  async function one(where: string, param: unknown): Promise<LifeRecord | null> {
    const { rows } = await sql.query<LifeRow>(`${LOAD} where ${where}`, [param], BY_UNIQUE_KEY);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async function write(tx: Sql, c: OrderChange): Promise<ChangeOutcome> {
    const { status, pendingStatus } = stateOf(c.to);
    const { rows } = await tx.query<{ version: number; payment_status: PaymentStatus }>(MOVE, [
      c.orderId,
      status,
      pendingStatus,
      c.at.toISOString(),
      c.partnerId ?? null,
      c.pausedAt !== undefined,
      c.pausedAt ?? null,
      c.refundAmount ?? null,
      c.paid?.providerPaymentId ?? null,
      c.from,
      c.paid?.amount ?? null,
      c.paid?.currency ?? null,
      c.version,
    ], BY_UNIQUE_KEY);
    const moved = rows[0];
    if (!moved) return { kind: 'moved' };
    const { orderId, at } = c;
    if (c.acceptOfferOf) {
      const accepted = await tx.query(
        `update order_offers set outcome = 'accepted', decided_at = $3
          where order_id = $1 and operator_id = $2 and outcome is null and expires_at > $3 returning order_id`,
        [orderId, c.acceptOfferOf, at.toISOString()],
      );
      if (!accepted.rows.length) throw new ChangeRefused<ChangeOutcome>({ kind: 'offer_unavailable' });
    }
    if (c.takeOperator) {
      // An operator is on one order at a time: taken only while free.
      const taken = await tx.query(
        'update operators set current_order_id = $1 where id = $2 and current_order_id is null returning id',
        [orderId, c.takeOperator],
      );
      if (!taken.rows.length) throw new ChangeRefused<ChangeOutcome>({ kind: 'operator_unavailable' });
      // Offers it held for other orders are withdrawn: it cannot take them now.
      await tx.query(
        `update order_offers set outcome = 'withdrawn', decided_at = $2 where operator_id = $1 and outcome is null`,
        [c.takeOperator, at.toISOString()],
      );
    }
    const timers = [...(c.setTimers ?? [])];
    if (moved.payment_status === 'refund_pending' && c.refundAmount !== undefined) timers.push({ kind: 'refund', dueAt: at });
    // A timer set is replaced anyway: the clear leaves it alone, so no row changes twice.
    const cleared = (c.clearTimers ?? []).filter((kind) => !timers.some((t) => t.kind === kind));
    const { rows: [order] } = await tx.query<OrderRow>(TAIL, [
      orderId,
      at.toISOString(),
      c.withdrawOffers ?? false,
      c.freeOperator ?? null,
      cleared,
      timers.map((t) => t.kind),
      timers.map((t) => t.dueAt.toISOString()),
      ...eventValues({ ...c.event, orderId, seq: moved.version, at, status, pendingStatus }),
    ], BY_UNIQUE_KEY);
    return { kind: 'changed', seq: moved.version, paymentStatus: moved.payment_status, order: orderFromRow(order!) };
  }

  return {
    load: (orderId) => one('id = $1', orderId),
    // References are UUIDs: anything else names no order here.
    loadByPaymentReference: (reference) => (UUID.test(reference) ? one('payment_reference = $1', reference) : Promise.resolve(null)),
    async change(c) {
      const outcome = await inChange<ChangeOutcome, ChangeOutcome>(sql, (tx) => write(tx, c));
      if (outcome.kind === 'changed') onCommitted([{ orderId: c.orderId, seq: outcome.seq, type: c.event.type }]);
      return outcome;
    },

    async unpaidExpiredBefore(before, limit) {
      const { rows } = await sql.query<{ id: string | number }>(
        `select id from orders where pending_status = 'pending_payment' and payment_expires_at is not null
          and payment_expires_at < $1 order by payment_expires_at limit $2`,
        [before.toISOString(), limit],
      );
      return rows.map((r) => Number(r.id));
    },

    async refundLatePayment(orderId, paid, at) {
      const seq = await sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ version: number; status: string }>(
          `update orders set payment_status = 'refund_pending', refund_amount = total_amount, provider_payment_id = $2,
              version = version + 1, updated_at = $3
            where id = $1 and status = 'cancelled' and payment_status in ('pending', 'expired')
            returning version, status`,
          [orderId, paid.providerPaymentId, at.toISOString()],
        );
        const row = rows[0];
        if (!row) return false as const;
        await setTimers(tx, orderId, [{ kind: 'refund', dueAt: at }]);
        await writeEvent(tx, {
          orderId,
          seq: row.version,
          type: 'paid',
          at,
          status: 'cancelled',
          pendingStatus: null,
          actor: PAYMENT,
          reason: 'paid after the order was cancelled: refunded in full',
          traceparent: null,
        });
        return row.version;
      });
      if (seq === false) return false;
      onCommitted([{ orderId, seq, type: 'paid' }]);
      return true;
    },
  };
}
