import type { OrderChangeKind } from '../../orders/domain/order.js';
import type { ActorKind } from '../../orders/domain/actors.js';
import { cancellableBy, PAUSABLE, REPORTED, type Step } from './steps.js';

export type TransitionName =
  | 'pay'
  | 'expire'
  | 'accept'
  | 'assign'
  | 'set_out'
  | 'arrive'
  | 'tow'
  | 'finish'
  | 'pause'
  | 'resume'
  | 'cancel'
  | 'give_up'
  | 'close';

/** What a change of an order is announced as: its event's type, in the order's history and outbox. */
export type ChangeType = Exclude<OrderChangeKind, 'created' | 'refunded'>;

/**
 * What a transition does besides moving the order, all in the transaction that moves it:
 * - `accept_offer`: the acting operator's open offer is closed as accepted; without one, nothing moves.
 * - `take_operator`: the operator becomes the order's partner and busy with it; if busy, nothing moves.
 * - `withdraw_offer`: the open offer, if any, is withdrawn.
 * - `start_dispatch` / `stop_dispatch`: offers (and the give-up timer) start, or stop.
 * - `free_operator`: the partner is free for other orders.
 * - `refund`: a paid order's payment is refunded (see refundAmount); an unpaid one's link is voided.
 * - `remember_step` / `resume_dispatch`: a pause keeps where the order was; a resume to
 *   pending_partner starts offering again.
 * - `schedule_close` / `clear_close`: a finished order closes itself later.
 */
export type Effect =
  | 'accept_offer'
  | 'take_operator'
  | 'withdraw_offer'
  | 'start_dispatch'
  | 'stop_dispatch'
  | 'free_operator'
  | 'refund'
  | 'remember_step'
  | 'resume_dispatch'
  | 'schedule_close'
  | 'clear_close';

export interface Transition {
  name: TransitionName;
  from: readonly Step[];
  /** `paused_from`: back to the step the order was paused at. */
  to: Step | 'paused_from';
  by: readonly ActorKind[];
  /** Only for orders of this kind: towing has a destination leg, on-site services do not. */
  service?: 'towing' | 'on_site';
  change: ChangeType;
  effects: readonly Effect[];
}

const ENDING: readonly Effect[] = ['withdraw_offer', 'stop_dispatch', 'free_operator', 'refund', 'clear_close'];

/**
 * Every change an order can make, and who may make it. A transition not in this table is refused
 * with the order's current state; one whose target the order is already at succeeds and changes
 * nothing (see lifecycle.ts). docs/lifecycle.md draws it.
 */
export const TRANSITIONS: readonly Transition[] = [
  { name: 'pay', from: ['pending_payment'], to: 'pending_partner', by: ['payment'], change: 'paid', effects: ['start_dispatch'] },
  { name: 'expire', from: ['pending_payment'], to: 'cancelled', by: ['timer'], change: 'cancelled', effects: ['refund'] },
  {
    name: 'accept',
    from: ['pending_partner'],
    to: 'partner_start_order',
    by: ['operator'],
    change: 'assigned',
    effects: ['accept_offer', 'take_operator', 'stop_dispatch'],
  },
  {
    name: 'assign',
    from: ['pending_partner'],
    to: 'partner_start_order',
    by: ['platform'],
    change: 'assigned',
    effects: ['withdraw_offer', 'take_operator', 'stop_dispatch'],
  },
  { name: 'set_out', from: ['partner_start_order'], to: 'partner_going_to_origin', by: ['operator'], change: 'progressed', effects: [] },
  { name: 'arrive', from: ['partner_going_to_origin'], to: 'partner_in_origin', by: ['operator'], change: 'progressed', effects: [] },
  {
    name: 'tow',
    from: ['partner_in_origin'],
    to: 'partner_going_to_destination',
    by: ['operator'],
    service: 'towing',
    change: 'progressed',
    effects: [],
  },
  {
    name: 'finish',
    from: ['partner_going_to_destination'],
    to: 'finished',
    by: ['operator'],
    service: 'towing',
    change: 'finished',
    effects: ['free_operator', 'schedule_close'],
  },
  {
    name: 'finish',
    from: ['partner_in_origin'],
    to: 'finished',
    by: ['operator'],
    service: 'on_site',
    change: 'finished',
    effects: ['free_operator', 'schedule_close'],
  },
  {
    name: 'pause',
    from: PAUSABLE,
    to: 'paused',
    by: ['platform'],
    change: 'paused',
    effects: ['remember_step', 'withdraw_offer', 'stop_dispatch'],
  },
  { name: 'resume', from: ['paused'], to: 'paused_from', by: ['platform'], change: 'resumed', effects: ['resume_dispatch'] },
  // Who may cancel at which step is STEP_TABLE's cancelledBy.
  {
    name: 'cancel',
    from: cancellableBy('owner'),
    to: 'cancelled',
    by: ['owner'],
    change: 'cancelled',
    effects: ENDING,
  },
  {
    name: 'cancel',
    from: cancellableBy('platform'),
    to: 'cancelled',
    by: ['platform'],
    change: 'cancelled',
    effects: ENDING,
  },
  { name: 'give_up', from: ['pending_partner'], to: 'cancelled', by: ['timer'], change: 'cancelled', effects: ENDING },
  { name: 'close', from: ['finished'], to: 'closed', by: ['platform', 'timer'], change: 'closed', effects: ['clear_close'] },
];

/** The rows of the table that `actor` may use as `name` for an order of this kind. */
export function transitionsFor(name: TransitionName, actor: ActorKind, towing: boolean): Transition[] {
  return TRANSITIONS.filter(
    (t) => t.name === name && t.by.includes(actor) && (t.service === undefined || (t.service === 'towing') === towing),
  );
}

/** A step the operator on an order reports reaching (GraphQL's `OrderStep`). */
export type ReportedStep = (typeof REPORTED)[number];

/**
 * Each step an operator reports, with the transition the operator takes to reach it: the one row
 * of the table by an operator whose target it is (a service's kind may split it in two rows of
 * the same name).
 */
export const REPORTS = Object.fromEntries(
  REPORTED.map((step) => {
    const names = new Set(TRANSITIONS.filter((t) => t.to === step && t.by.includes('operator')).map((t) => t.name));
    if (names.size !== 1) throw new Error(`the step ${step} is reported, but ${names.size} operator transitions reach it`);
    return [step, [...names][0]!];
  }),
) as Record<ReportedStep, TransitionName>;
