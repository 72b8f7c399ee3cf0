import type { PaymentStatus, ServiceCode } from '../../orders/domain/order.js';
import { PAYMENT } from '../../orders/domain/actors.js';
import type { ChangeOutcome, LifecycleStore, LifeRecord, OrderChange } from '../domain/ports.js';
import { stateOf, stepOf, type Step } from '../domain/steps.js';
import { UUID } from '../../platform/store/binary-arrays.js';
import { ChangeRefused, EVENT_PARAMETERS, eventParameters, inChange, insertEventOf, writeEvent } from '../../orders/store/order-changes.js';
import type { OnCommitted } from '../../orders/domain/event-notes.js';
import { fromRow as orderFromRow, selectOrdersFrom, type OrderRow } from '../../orders/store/order-rows.js';
import { BY_UNIQUE_KEY, type Sql } from '../../platform/store/sql.js';
import { REPLACE_TIMER, setTimers } from './order-timers.js';

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

/** The order as a change left it, and whether its offer was accepted and its operator taken (when it asked). */
type ChangedRow = OrderRow & { offer_accepted?: boolean; operator_taken?: boolean };

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

// A change is one statement (each statement is a round trip to the engine, and a change used to
// take up to five), after its locks where transactions run at once (LOCKS). The order moves only
// from where the change expects it (its step: pendingStatus while pending, else status), only as it
// was when the change was decided (its version) and, for a payment, only for the amount and
// currency it awaits; refund and payment columns change only for a paid order (refund) or an unpaid
// one (expired). Every other part runs only if the order moved: its offer accepted, its operator
// taken (and that operator's other open offers withdrawn), its offers withdrawn, its operator
// freed, its timers cleared and set (a refund's among them once its payment awaits one), its event
// written; and the order is answered as the move left it (the update's own row), with its partner.
// No two parts touch the same row: an offer accepted is left out of the withdrawals, the order's
// own offers are the order's withdrawal's, and no change both takes and frees an operator. What the
// answer shows of the partner (name, phone, position) no part changes. An acceptance or a taking
// that found nothing is answered as such, and the change's savepoint undoes the rest. The
// operator taking the order brings its way to the car (APPROACH), which replaces the quote's; the
// operator freed leaves its position on the order, which shows it from then on (order-rows.ts).
const APPROACH = [`$${19 + EVENT_PARAMETERS}`, `$${20 + EVENT_PARAMETERS}`] as const;
const MOVED = `update orders set
    status = $2, pending_status = $3, version = version + 1, updated_at = $4,
    partner_id = coalesce($5, partner_id),
    partner_distance_m = coalesce(${APPROACH[0]}::int, partner_distance_m),
    partner_duration_s = coalesce(${APPROACH[1]}::int, partner_duration_s),
    partner_last_latitude = coalesce((select latitude from operators where id = $15::text), partner_last_latitude),
    partner_last_longitude = coalesce((select longitude from operators where id = $15::text), partner_last_longitude),
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
  returning *`;

/**
 * The change's statement: with `operator` (a parameter) taken, and its offer of the order
 * accepted when `accepting`, or with no operator.
 */
function changeStatement(operator: string | null, accepting = false): string {
  const parts = [`moved as (${MOVED})`];
  if (operator && accepting) {
    parts.push(`accepted as (
      update order_offers set outcome = 'accepted', decided_at = $4
      where order_id = $1 and operator_id = ${operator} and outcome is null and expires_at > $4 and exists (select from moved)
      returning order_id)`);
  }
  if (operator) {
    // An operator is on one order at a time: taken only while free; the offers it held for
    // other orders are withdrawn, since it cannot take them now.
    parts.push(`taken as (
      update operators set current_order_id = $1 where id = ${operator} and current_order_id is null and exists (select from moved)
      returning id)`);
    parts.push(`withdrawn_elsewhere as (
      update order_offers set outcome = 'withdrawn', decided_at = $4
      where operator_id = ${operator} and outcome is null and order_id <> $1 and exists (select from moved))`);
  }
  // The order's offers, when it withdraws them; the offer accepted is left out, and the offer of
  // an operator taken without one is withdrawn with the others.
  const offers = !operator ? '$14' : accepting ? `($14 and operator_id <> ${operator})` : `($14 or operator_id = ${operator})`;
  parts.push(
    `withdrawn as (
      update order_offers set outcome = 'withdrawn', decided_at = $4
      where order_id = $1 and outcome is null and ${offers} and exists (select from moved))`,
    `freed as (update operators set current_order_id = null where id = $15 and current_order_id = $1 and exists (select from moved))`,
    `cleared as (delete from order_timers where order_id = $1 and kind = any($16::text[]) and exists (select from moved))`,
    `timers as (
      insert into order_timers (order_id, kind, due_at)
      select $1, kind, due_at from unnest($17::text[], $18::timestamptz[]) as t(kind, due_at) where exists (select from moved)
      union all select $1, 'refund', $4 from moved where payment_status = 'refund_pending' and $8::bigint is not null
      ${REPLACE_TIMER})`,
    `event as (${insertEventOf('moved', 19)})`,
  );
  const found = `${operator && accepting ? ', (select count(*) from accepted) > 0 as offer_accepted' : ''}${operator ? ', (select count(*) from taken) > 0 as operator_taken' : ''}`;
  return `with ${parts.join(',\n  ')}\n${selectOrdersFrom('moved', found)}`;
}

// Where transactions run at once (Sql.alone), the change's statement would see only what had
// committed when it began, though it waited for the order's lock (a dispatch making an offer of
// it) or the operator's (an offer to it of another order): the offer would stay open, withdrawn by
// neither. So the order and the operator taken are locked first, in that order (as a dispatch
// takes them), and the change's statement, begun once the locks are held, sees what their holders
// wrote. Each lock is counted: a CTE that nothing reads is not run.
const LOCKS = `with o as (select from orders where id = $1 for update),
  p as (select from operators where id = $2 for update)
  select (select count(*) from o) as orders, (select count(*) from p) as operators`;

// The operator taken, after the event's parameters and the approach; an offer accepted is always
// its operator's own.
const OPERATOR = `$${21 + EVENT_PARAMETERS}`;
const STATEMENTS = {
  plain: changeStatement(null),
  take: changeStatement(OPERATOR),
  accept: changeStatement(OPERATOR, true),
};

export function createLifecycleStore(sql: Sql, onCommitted: OnCommitted = () => {}): LifecycleStore {
  async function one(where: string, param: unknown): Promise<LifeRecord | null> {
    const { rows } = await sql.query<LifeRow>(`${LOAD} where ${where}`, [param], BY_UNIQUE_KEY);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async function write(tx: Sql, c: OrderChange): Promise<ChangeOutcome> {
    const { status, pendingStatus } = stateOf(c.to);
    // A timer set is replaced anyway: the clear leaves it alone, so no row changes twice.
    const timers = c.setTimers ?? [];
    const cleared = (c.clearTimers ?? []).filter((kind) => !timers.some((t) => t.kind === kind));
    if (c.acceptOfferOf !== undefined && c.takeOperator !== c.acceptOfferOf) throw new Error('an offer accepted takes its own operator');
    const statement = c.acceptOfferOf ? STATEMENTS.accept : c.takeOperator ? STATEMENTS.take : STATEMENTS.plain;
    if (!sql.alone) await tx.query(LOCKS, [c.orderId, c.takeOperator ?? null], BY_UNIQUE_KEY);
    const { rows } = await tx.query<ChangedRow>(statement, [
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
      c.withdrawOffers ?? false,
      c.freeOperator ?? null,
      cleared,
      timers.map((t) => t.kind),
      timers.map((t) => t.dueAt.toISOString()),
      ...eventParameters(c.event),
      c.approach?.distanceMetres ?? null,
      c.approach?.durationSeconds ?? null,
      ...(c.takeOperator ? [c.takeOperator] : []),
    ], BY_UNIQUE_KEY);
    const moved = rows[0];
    if (!moved) return { kind: 'moved' };
    if (moved.offer_accepted === false) throw new ChangeRefused<ChangeOutcome>({ kind: 'offer_unavailable' });
    if (moved.operator_taken === false) throw new ChangeRefused<ChangeOutcome>({ kind: 'operator_unavailable' });
    return { kind: 'changed', seq: moved.version, paymentStatus: moved.payment_status, order: orderFromRow(moved) };
  }

  return {
    load: (orderId) => one('id = $1', orderId),
    // References are UUIDs: anything else names no order here.
    loadByPaymentReference: (reference) => (UUID.test(reference) ? one('payment_reference = $1', reference) : Promise.resolve(null)),
    async change(c) {
      const outcome = await inChange<ChangeOutcome, ChangeOutcome>(sql, (tx) => write(tx, c));
      if (outcome.kind === 'changed') onCommitted([{ orderId: c.orderId, seq: outcome.seq, type: c.event.type, order: outcome.order }]);
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
