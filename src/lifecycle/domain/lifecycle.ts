import { needsDestination, type Order } from '../../orders/domain/order.js';
import type { Actor } from '../../orders/domain/actors.js';
import { InvalidTransitionError, OfferUnavailableError, OperatorUnavailableError } from './errors.js';
import { OrderNotFoundError } from '../../platform/errors.js';
import type { Approach, Dispatched, LifeRecord, LifecycleStore, OrderChange, PaymentApplied, TimerKind } from './ports.js';
import { PAUSABLE, stateOf, WITH_OPERATOR, type Step } from './steps.js';
import { transitionsFor, type Transition, type TransitionName } from './transitions.js';

export interface LifePolicy {
  /** How long an operator has to answer an offer. */
  offerTimeoutMs: number;
  /** How long a paid order is offered before it is cancelled for want of an operator. */
  giveUpAfterMs: number;
  /** How long after it finished an order closes itself. */
  closeAfterMs: number;
  /** Kept of the amount when the owner cancels after an operator accepted. */
  cancellationFeePercent: number;
}

/** What follows a committed change, outside its transaction: each is safe to lose, a timer redoes it. */
export interface AfterChange {
  /** Offer the order now rather than when its dispatch timer is next swept. */
  dispatch(order: Dispatched): void;
  /** Refund the order's payment now rather than at the next sweep. */
  refund(orderId: number): void;
  /** Void the payment link of an order cancelled before it was paid. Best effort. */
  voidLink(reference: string, linkId: string | null): void;
}

export interface LifecycleDeps {
  store: LifecycleStore;
  policy: LifePolicy;
  clock: () => Date;
  after: AfterChange;
  /** The trace context of the request making the change, kept with its event. */
  traceparent?: () => string | null;
}

export interface MoveOptions {
  reason?: string | null;
  /** `assign`: the operator the platform gives the order to. */
  operatorId?: string;
  /**
   * `accept`, `assign`: the taking operator's way to the car, estimated from where it last
   * reported; asked only of a change that takes an operator, of the order as loaded for it.
   */
  approach?: (order: LifeRecord) => Promise<Approach | null>;
  /** `pay`: the payment applied. */
  paid?: PaymentApplied;
  /** Whether the actor may see this order at all; when not, it is "not found". */
  visible?: (order: LifeRecord) => boolean;
}

export interface MoveResult {
  /** false: the order was already where the change leads (a repeat), and nothing was written. */
  changed: boolean;
  order: LifeRecord;
  /** Changed, the whole order as the change left it; a repeat has none (nothing was read). */
  view?: Order;
}

// A change that finds the order moved on meanwhile is decided again against where it now is.
const ATTEMPTS = 3;

const targetOf = (t: Transition, order: LifeRecord): Step | null => (t.to === 'paused_from' ? order.pausedAt : t.to);

/**
 * The state machine's engine: a change named by the transition table is checked against where
 * the order is and who asks, and written as one conditional change with everything it does.
 */
export function createLifecycle(deps: LifecycleDeps) {
  const { store, policy, clock, after } = deps;

  /** Whether the order already is where this change would take it, made so by this actor. */
  function alreadyThere(rows: readonly Transition[], order: LifeRecord, actor: Actor, options: MoveOptions): boolean {
    return rows.some((t) => {
      if (t.to === 'paused_from') return isResumable(order.step);
      if (t.to !== order.step) return false;
      if (t.name === 'accept') return order.partnerId === actor.id;
      if (t.name === 'assign') return order.partnerId === options.operatorId;
      return true;
    });
  }

  function refundAmount(order: LifeRecord, actor: Actor): number {
    // The fee is kept only when the owner calls off an operator already on the job.
    if (actor.kind !== 'owner' || !WITH_OPERATOR.includes(order.step)) return order.totalAmount;
    return order.totalAmount - Math.round((order.totalAmount * policy.cancellationFeePercent) / 100);
  }

  function changeFor(t: Transition, order: LifeRecord, to: Step, actor: Actor, options: MoveOptions): OrderChange {
    const at = clock();
    const later = (ms: number) => new Date(at.getTime() + ms);
    const setTimers: { kind: TimerKind; dueAt: Date }[] = [];
    const clearTimers: TimerKind[] = [];
    const change: OrderChange = {
      orderId: order.id,
      from: t.from,
      version: order.version,
      to,
      at,
      setTimers,
      clearTimers,
      event: { type: t.change, actor, reason: options.reason ?? null, traceparent: deps.traceparent?.() ?? null },
    };
    const startDispatch = () => setTimers.push({ kind: 'dispatch', dueAt: at }, { kind: 'give_up', dueAt: later(policy.giveUpAfterMs) });
    for (const effect of t.effects) {
      switch (effect) {
        case 'accept_offer':
          change.acceptOfferOf = actor.id!;
          change.partnerId = actor.id!;
          change.takeOperator = actor.id!;
          break;
        case 'take_operator':
          change.partnerId ??= options.operatorId!;
          change.takeOperator ??= options.operatorId!;
          break;
        case 'withdraw_offer':
          change.withdrawOffers = true;
          break;
        case 'start_dispatch':
          startDispatch();
          break;
        case 'resume_dispatch':
          if (to === 'pending_partner') startDispatch();
          break;
        case 'stop_dispatch':
          clearTimers.push('dispatch', 'give_up');
          break;
        case 'free_operator':
          if (order.partnerId) change.freeOperator = order.partnerId;
          break;
        case 'refund':
          change.refundAmount = refundAmount(order, actor);
          break;
        case 'remember_step':
          change.pausedAt = order.step;
          break;
        case 'schedule_close':
          setTimers.push({ kind: 'close', dueAt: later(policy.closeAfterMs) });
          break;
        case 'clear_close':
          clearTimers.push('close');
          break;
      }
    }
    if (t.to === 'paused_from') change.pausedAt = null;
    if (options.paid) change.paid = options.paid;
    return change;
  }

  /**
   * Makes the change `name` on the order as `actor`. A repeat of a change already made succeeds
   * and writes nothing; a change the table does not allow from where the order is, or not to
   * this actor, is refused with the order's current state (an operator's acceptance, as an offer
   * no longer its own).
   */
  async function move(orderId: number, name: TransitionName, actor: Actor, options: MoveOptions = {}): Promise<MoveResult> {
    for (let attempt = 1; ; attempt++) {
      const order = await store.load(orderId);
      if (!order || (options.visible && !options.visible(order))) throw new OrderNotFoundError(String(orderId));
      const rows = transitionsFor(name, actor.kind, needsDestination(order.serviceCode));
      const row = rows.find((t) => t.from.includes(order.step));
      if (!row) {
        if (alreadyThere(rows, order, actor, options)) return { changed: false, order };
        throw refusal(rows, name, order);
      }
      const to = targetOf(row, order);
      if (!to) throw new InvalidTransitionError(name, stateOf(order.step));
      const change = changeFor(row, order, to, actor, options);
      const approach = change.takeOperator && options.approach ? await options.approach(order) : null;
      if (approach) change.approach = approach;
      const outcome = await store.change(change);
      if (outcome.kind === 'changed') {
        followUp(change, order, outcome.paymentStatus);
        return { changed: true, order: changed(order, change, outcome.seq, outcome.paymentStatus), view: outcome.order };
      }
      if (outcome.kind === 'operator_unavailable') throw new OperatorUnavailableError(change.takeOperator!);
      if (outcome.kind === 'offer_unavailable') {
        // A retry of an acceptance that went through finds the order already this operator's.
        const now = await store.load(orderId);
        if (now && alreadyThere(rows, now, actor, options)) return { changed: false, order: now };
        throw new OfferUnavailableError(orderId);
      }
      if (attempt >= ATTEMPTS) {
        throw refusal(rows, name, (await store.load(orderId)) ?? order);
      }
    }
  }

  // An operator accepting is answered about its offer alone: whatever the order's state, the
  // offer is no longer its to take, and an operator learns nothing of an order not its own. So an
  // acceptance that loses a race is refused the same way whether it ran before or after the winner.
  function refusal(rows: readonly Transition[], name: TransitionName, order: LifeRecord): Error {
    if (rows.some((t) => t.effects.includes('accept_offer'))) return new OfferUnavailableError(order.id);
    return new InvalidTransitionError(name, stateOf(order.step));
  }

  function followUp(change: OrderChange, order: LifeRecord, paymentStatus: LifeRecord['paymentStatus']) {
    if (change.setTimers?.some((t) => t.kind === 'dispatch')) after.dispatch(order);
    if (change.refundAmount !== undefined) {
      if (paymentStatus === 'refund_pending') after.refund(order.id);
      else if (order.paymentStatus === 'pending') after.voidLink(order.paymentReference, order.paymentLinkId);
    }
  }

  return { move, load: (orderId: number) => store.load(orderId) };
}

/** The order as the change left it. */
const changed = (order: LifeRecord, change: OrderChange, version: number, paymentStatus: LifeRecord['paymentStatus']): LifeRecord => ({
  ...order,
  step: change.to,
  partnerId: change.partnerId ?? order.partnerId,
  pausedAt: change.pausedAt === undefined ? order.pausedAt : change.pausedAt,
  version,
  paymentStatus,
});

// A resume repeated finds the order back at a step that pausing leaves from.
const isResumable = (step: Step) => PAUSABLE.includes(step);

export type Lifecycle = ReturnType<typeof createLifecycle>;
