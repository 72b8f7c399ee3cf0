import type { Actor } from '../../../src/orders/domain/actors.js';
import type { LifePolicy } from '../../../src/lifecycle/domain/lifecycle.js';
import type { PaymentApplied } from '../../../src/lifecycle/domain/ports.js';
import { stateOf, stepOf, WITH_OPERATOR, type Step } from '../../../src/lifecycle/domain/steps.js';
import type { Transition, TransitionName } from '../../../src/lifecycle/domain/transitions.js';
import type { World } from './world.js';

/** A change asked of an order: its name, who asks, and what it carries. */
export interface Attempt {
  name: TransitionName;
  actor: Actor;
  /** `assign`: the operator given the order. */
  operatorId?: string;
  /** `pay`: the payment. */
  paid?: PaymentApplied;
}

export const stepOfRow = (order: World['order']): Step =>
  stepOf({ status: order.status as never, pendingStatus: order.pending_status as never });

/**
 * What the store should hold after `row` of the transition table is applied to `before` at
 * `at`, worked out from the row's effects as transitions.ts describes them, and what follows
 * the change (dispatch, refund, void) as the engine tells it.
 */
export function expectedAfter(before: World, row: Transition, attempt: Attempt, at: Date, policy: LifePolicy) {
  const o = before.order;
  const step = stepOfRow(o);
  const to = row.to === 'paused_from' ? (o.paused_pending_status as Step) : row.to;
  const state = stateOf(to);
  const now = at.toISOString();
  const later = (ms: number) => new Date(at.getTime() + ms).toISOString();
  const has = (effect: Transition['effects'][number]) => row.effects.includes(effect);

  const order: Record<string, unknown> = { ...o, status: state.status, pending_status: state.pendingStatus, version: (o.version as number) + 1, updated_at: now };
  const offers = before.offers.map((x) => ({ ...x }));
  const timers = new Map(before.timers.map((t) => [t.kind, { ...t }]));
  const operators = before.operators.map((x) => ({ ...x }));
  const told: string[] = [];
  const decide = (match: (x: (typeof offers)[number]) => boolean, outcome: string) => {
    for (const x of offers) if (x.outcome === null && match(x)) Object.assign(x, { outcome, decidedAt: now });
  };
  const setBusy = (id: string, orderId: number | null) => {
    for (const op of operators) if (op.id === id) op.currentOrderId = orderId;
  };
  const orderId = o.id as number;

  if (attempt.paid) Object.assign(order, { payment_status: 'paid', provider_payment_id: attempt.paid.providerPaymentId });
  if (has('remember_step')) order.paused_pending_status = step;
  if (row.to === 'paused_from') order.paused_pending_status = null;
  if (has('accept_offer')) decide((x) => x.orderId === orderId && x.operatorId === attempt.actor.id, 'accepted');
  if (has('withdraw_offer')) decide((x) => x.orderId === orderId, 'withdrawn');
  const taker = has('accept_offer') ? attempt.actor.id! : has('take_operator') ? attempt.operatorId! : null;
  if (taker) {
    order.partner_id = taker;
    setBusy(taker, orderId);
    decide((x) => x.operatorId === taker, 'withdrawn');
  }
  if (has('free_operator') && o.partner_id) {
    setBusy(o.partner_id as string, null);
    // The order keeps where its operator was when it let it go.
    const freed = operators.find((op) => op.id === o.partner_id);
    if (freed) Object.assign(order, { partner_last_latitude: freed.position.latitude, partner_last_longitude: freed.position.longitude });
  }
  if (has('refund')) {
    if (o.payment_status === 'paid') {
      // The fee is kept only when the owner calls off an operator already on the job.
      const fee = attempt.actor.kind === 'owner' && WITH_OPERATOR.includes(step) ? Math.round(((o.total_amount as number) * policy.cancellationFeePercent) / 100) : 0;
      Object.assign(order, { payment_status: 'refund_pending', refund_amount: (o.total_amount as number) - fee });
      timers.set('refund', { kind: 'refund', dueAt: now, attempts: 0 });
      told.push(`refund ${orderId}`);
    } else if (o.payment_status === 'pending') {
      order.payment_status = 'expired';
      told.push(`void ${o.payment_reference as string}`);
    }
  }
  if (has('stop_dispatch')) ['dispatch', 'give_up'].forEach((k) => timers.delete(k));
  if (has('clear_close')) timers.delete('close');
  if (has('start_dispatch') || (has('resume_dispatch') && to === 'pending_partner')) {
    timers.set('dispatch', { kind: 'dispatch', dueAt: now, attempts: 0 });
    timers.set('give_up', { kind: 'give_up', dueAt: later(policy.giveUpAfterMs), attempts: 0 });
    told.unshift(`dispatch ${orderId}`);
  }
  if (has('schedule_close')) timers.set('close', { kind: 'close', dueAt: later(policy.closeAfterMs), attempts: 0 });

  const event = {
    seq: (o.version as number) + 1,
    type: row.change,
    at: now,
    status: state.status,
    pendingStatus: state.pendingStatus,
    actor: attempt.actor.kind,
    actorId: attempt.actor.id,
    reason: null,
  };
  const world: World = {
    order,
    events: [...before.events, event],
    offers,
    timers: [...timers.values()].sort((a, b) => (a.kind < b.kind ? -1 : 1)),
    operators,
  };
  return { world, to, told };
}
