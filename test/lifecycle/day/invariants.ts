import { stepOf, WITH_OPERATOR, type Step } from '../../../src/lifecycle/domain/steps.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import type { FakeRefunder } from '../support/fake-refunder.js';

interface OrderNow {
  id: number;
  step: Step;
  pausedAt: Step | null;
  partnerId: string | null;
  paymentStatus: string;
  expiresAt: unknown;
  total: number;
  refundAmount: number | null;
  reference: string;
  timers: string[];
}

async function ordersNow(sql: Sql): Promise<OrderNow[]> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `select o.id, o.status, o.pending_status, o.paused_pending_status, o.partner_id, o.payment_status, o.payment_expires_at,
        o.total_amount, o.refund_amount, o.payment_reference,
        coalesce((select string_agg(kind, ',' order by kind) from order_timers t where t.order_id = o.id), '') as timers
      from orders o order by o.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    step: stepOf({ status: r.status as never, pendingStatus: r.pending_status as never }),
    pausedAt: r.paused_pending_status as Step | null,
    partnerId: r.partner_id as string | null,
    paymentStatus: r.payment_status as string,
    expiresAt: r.payment_expires_at,
    total: Number(r.total_amount),
    refundAmount: r.refund_amount === null ? null : Number(r.refund_amount),
    reference: r.payment_reference as string,
    timers: (r.timers as string).split(',').filter(Boolean),
  }));
}

const onTheJob = (o: OrderNow) => WITH_OPERATOR.includes(o.step) || (o.step === 'paused' && WITH_OPERATOR.includes(o.pausedAt!));

/**
 * What must hold at any moment: an operator is on at most one order, the one whose partner it
 * is, and asked for no other; each order on the job has its operator; every order not ended has what drives it on
 * (an expiry, its offers' timers, its operator, the desk that paused it, its close or refund timer).
 */
export async function everyOrderDriven(sql: Sql): Promise<string[]> {
  const problems: string[] = [];
  const orders = await ordersNow(sql);
  const { rows } = await sql.query<{ id: string; current_order_id: unknown }>('select id, current_order_id from operators where current_order_id is not null');
  const busyWith = new Map(rows.map((r) => [Number(r.current_order_id), r.id]));
  if (busyWith.size !== rows.length) problems.push('two operators on one order');
  const { rows: offered } = await sql.query<{ operator_id: string }>(
    `select f.operator_id from order_offers f join operators p on p.id = f.operator_id
      where f.outcome is null and p.current_order_id is not null`,
  );
  for (const r of offered) problems.push(`operator ${r.operator_id} is busy and holds an open offer`);
  const byId = new Map(orders.map((o) => [o.id, o]));
  for (const r of rows) {
    const order = byId.get(Number(r.current_order_id));
    if (!order || !onTheJob(order) || order.partnerId !== r.id) problems.push(`operator ${r.id} busy with order ${String(r.current_order_id)} at ${order?.step}`);
  }
  for (const o of orders) {
    const has = (...kinds: string[]) => kinds.every((k) => o.timers.includes(k));
    const only = (...kinds: string[]) => o.timers.every((k) => kinds.includes(k));
    const fine =
      o.step === 'pending_payment' ? o.expiresAt !== null && only()
      : o.step === 'pending_partner' ? has('dispatch', 'give_up') && only('dispatch', 'give_up')
      : onTheJob(o) ? busyWith.get(o.id) === o.partnerId && only()
      : o.step === 'paused' ? o.pausedAt === 'pending_partner' && only()
      : o.step === 'finished' ? has('close') && only('close') && !busyWith.has(o.id)
      : o.step === 'cancelled' ? (o.paymentStatus === 'refund_pending' ? has('refund') && only('refund') : only()) && !busyWith.has(o.id)
      : o.step === 'closed' && only() && o.paymentStatus === 'paid';
    if (!fine) problems.push(`order ${o.id} at ${o.step} (paused at ${o.pausedAt}, ${o.paymentStatus}) with timers [${o.timers}]`);
  }
  return problems;
}

interface Cancellation {
  /** The party that cancelled, and the step it cancelled from. */
  by: string;
  from: Step;
  paidBefore: boolean;
  paidAfter: boolean;
}

async function cancellations(sql: Sql): Promise<Map<number, Cancellation>> {
  const { rows } = await sql.query<{ order_id: unknown; type: string; status: string; pending_status: string | null; actor: string }>(
    'select order_id, type, status, pending_status, actor from order_events order by order_id, seq',
  );
  const found = new Map<number, Cancellation>();
  let step: Step = 'pending_payment';
  let paid = false;
  let last = -1;
  for (const e of rows) {
    const id = Number(e.order_id);
    if (id !== last) [step, paid, last] = ['pending_payment', false, id];
    const cancelled = found.get(id);
    if (e.type === 'paid' && cancelled) cancelled.paidAfter = true;
    else if (e.type === 'paid') paid = true;
    if (e.type === 'cancelled') found.set(id, { by: e.actor, from: step, paidBefore: paid, paidAfter: false });
    step = stepOf({ status: e.status as never, pendingStatus: e.pending_status as never });
  }
  return found;
}

/**
 * When the day is over and everything has run its course: every order ended; every paid order
 * that was cancelled refunded once, of the right amount (the fee kept only when its owner called
 * off an operator already on the job), and no other refunded at all.
 */
export async function dayEndedWell(sql: Sql, refunds: FakeRefunder, feePercent: number): Promise<string[]> {
  const problems: string[] = [];
  const orders = await ordersNow(sql);
  const cancelled = await cancellations(sql);
  const { rows: busy } = await sql.query('select id from operators where current_order_id is not null');
  if (busy.length) problems.push(`${busy.length} operators still busy`);
  for (const o of orders) {
    const c = cancelled.get(o.id);
    const fee = c?.by === 'owner' && WITH_OPERATOR.includes(c.from) && !c.paidAfter ? Math.round((o.total * feePercent) / 100) : 0;
    const owed = c && (c.paidBefore || c.paidAfter) ? o.total - fee : null;
    const made = refunds.made.get(`refund-${o.reference}`);
    const what = `order ${o.id} ${o.step} (${JSON.stringify(c ?? {})})`;
    if (o.step !== 'cancelled' && o.step !== 'closed') problems.push(`${what}: not ended`);
    if (o.timers.length) problems.push(`${what}: timers left [${o.timers}]`);
    if (o.refundAmount !== owed) problems.push(`${what}: refund of ${o.refundAmount} where ${owed} is owed`);
    if ((made?.amount ?? null) !== owed) problems.push(`${what}: the provider refunded ${made?.amount} where ${owed} is owed`);
    if (owed !== null && o.paymentStatus !== 'refunded') problems.push(`${what}: payment ${o.paymentStatus}`);
  }
  return problems;
}
