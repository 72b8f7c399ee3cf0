import type { ActorKind } from '../../../src/orders/domain/actors.js';
import { stepOf, WITH_OPERATOR, type Step } from '../../../src/lifecycle/domain/steps.js';
import { TRANSITIONS } from '../../../src/lifecycle/domain/transitions.js';
import { needsDestination, type ServiceCode } from '../../../src/orders/domain/order.js';
import type { Sql } from '../../../src/platform/store/sql.js';

interface HistoryEvent {
  seq: number;
  type: string;
  step: Step;
  actor: ActorKind;
}

/**
 * What is wrong with an order's history, if anything: its events must be numbered without a gap
 * up to the order's version (from 1, or from 2 while the store writes no `created` event), and
 * each change must be a row of the transition table, from the step the previous event left the
 * order at, by an actor the row allows. Events that move nothing keep the step: an operator's
 * move (while on the order), a refund made, a payment arriving after cancellation.
 */
export function historyProblems(events: readonly HistoryEvent[], serviceCode: ServiceCode, version: number): string[] {
  const problems: string[] = [];
  const first = events[0]?.type === 'created' ? 1 : 2;
  events.forEach((e, i) => e.seq !== first + i && problems.push(`seq ${e.seq} where ${first + i} was due`));
  if ((events.at(-1)?.seq ?? 1) !== version) problems.push(`last seq ${events.at(-1)?.seq} but version ${version}`);
  const towing = needsDestination(serviceCode);
  let step: Step = 'pending_payment';
  let pausedAt: Step | null = null;
  let refunds = 0;
  for (const e of events) {
    const at = `seq ${e.seq} ${e.type} by ${e.actor}: ${step} -> ${e.step}`;
    if (e.type === 'created') {
      if (e.seq !== 1 || e.step !== 'pending_payment') problems.push(at);
      continue;
    }
    const still = e.step === step;
    if (e.type === 'partner_moved') {
      if (!still || !WITH_OPERATOR.includes(step) || e.actor !== 'operator') problems.push(at);
      continue;
    }
    if (e.type === 'refunded' || (e.type === 'paid' && step === 'cancelled')) {
      if (!still || step !== 'cancelled' || e.actor !== 'payment') problems.push(at);
      if (e.type === 'refunded' && ++refunds > 1) problems.push(`${at}: refunded twice`);
      continue;
    }
    const row = TRANSITIONS.find(
      (t) =>
        t.change === e.type &&
        t.from.includes(step) &&
        t.by.includes(e.actor) &&
        (t.service === undefined || (t.service === 'towing') === towing) &&
        (t.to === 'paused_from' ? pausedAt : t.to) === e.step,
    );
    if (!row) problems.push(`${at}: no such transition`);
    pausedAt = e.type === 'paused' ? step : e.type === 'resumed' ? null : pausedAt;
    step = e.step;
  }
  return problems;
}

/** Every order's history problems, by order id; an order with none is left out. */
export async function allHistoryProblems(sql: Sql): Promise<Map<number, string[]>> {
  const { rows: orders } = await sql.query<{ id: string | number; service_code: number; version: number }>(
    'select id, service_code, version from orders order by id',
  );
  const { rows } = await sql.query<{ order_id: string | number; seq: number; type: string; status: string; pending_status: string | null; actor: ActorKind }>(
    'select order_id, seq, type, status, pending_status, actor from order_events order by order_id, seq',
  );
  const byOrder = new Map<number, HistoryEvent[]>();
  for (const r of rows) {
    const events = byOrder.get(Number(r.order_id)) ?? [];
    events.push({ seq: r.seq, type: r.type, step: stepOf({ status: r.status as never, pendingStatus: r.pending_status as never }), actor: r.actor });
    byOrder.set(Number(r.order_id), events);
  }
  const problems = new Map<number, string[]>();
  for (const o of orders) {
    const found = historyProblems(byOrder.get(Number(o.id)) ?? [], o.service_code as ServiceCode, o.version);
    if (found.length) problems.set(Number(o.id), found);
  }
  return problems;
}
