import type { Order, PaymentStatus, Point, ServiceCode } from '../../orders/domain/order.js';
import type { Actor } from '../../orders/domain/actors.js';
import type { Step } from './steps.js';
import type { ChangeType } from './transitions.js';

/** The service's own timers, kept with the orders (see migrations/010_order_life.sql). */
export type TimerKind = 'dispatch' | 'give_up' | 'close' | 'refund';

/** What the state machine reads of an order. */
export interface LifeRecord {
  id: number;
  ownerSubject: string;
  step: Step;
  serviceCode: ServiceCode;
  origin: Point;
  partnerId: string | null;
  /** Where a paused order was. */
  pausedAt: Step | null;
  paymentStatus: PaymentStatus;
  totalAmount: number;
  currency: string;
  paymentReference: string;
  paymentLinkId: string | null;
  version: number;
}

/** The payment a `pay` change applies: only of the order's amount and currency. */
export interface PaymentApplied {
  providerPaymentId: string;
  amount: number;
  currency: string;
}

/** An operator's way to the car: what the order shows as partnerDistance and partnerDuration. */
export interface Approach {
  distanceMetres: number;
  durationSeconds: number;
}

/**
 * One change of one order, written in one transaction: the order moves only if it is still at
 * one of `from`, and still at `version`; with it go its event (history and outbox), the offers,
 * the operators' and the timers' changes. When a condition fails nothing at all is written.
 */
export interface OrderChange {
  orderId: number;
  from: readonly Step[];
  /**
   * The version the change was decided on. What it does depends on more than the step (the
   * partner it frees, the refund, where a pause resumes), and anything written since may have
   * changed that, even where the step is still one of `from`: it is then decided again.
   */
  version: number;
  to: Step;
  at: Date;
  /** The operator that becomes the order's partner. */
  partnerId?: string;
  /** That operator's distance and time to the car, from its last reported position. */
  approach?: Approach;
  /** Where the order was paused (set on pause, cleared on resume). */
  pausedAt?: Step | null;
  /** `pay`: the payment applied; the order must be awaiting exactly this amount and currency. */
  paid?: PaymentApplied;
  /** The order's payment, if paid, is to be refunded by this amount; an unpaid one's payment status becomes `expired`. */
  refundAmount?: number;
  /** The operator whose open, unexpired offer is accepted; without one nothing moves. */
  acceptOfferOf?: string;
  /** The operator made busy with the order; if busy already, nothing moves. */
  takeOperator?: string;
  /** The operator freed from the order. */
  freeOperator?: string;
  withdrawOffers?: boolean;
  setTimers?: readonly { kind: TimerKind; dueAt: Date }[];
  clearTimers?: readonly TimerKind[];
  event: { type: ChangeType; actor: Actor; reason: string | null; traceparent: string | null };
}

/** What offering an order needs of it: where it is and what it asks for, neither of which changes. */
export type Dispatched = Pick<LifeRecord, 'id' | 'origin' | 'serviceCode'>;

export type ChangeOutcome =
  /** `order`: the whole order as the change left it, read in the change's last statement. */
  | { kind: 'changed'; seq: number; paymentStatus: PaymentStatus; order: Order }
  /** The order was no longer at any of `from` or at `version` (or not awaiting that payment). */
  | { kind: 'moved' }
  | { kind: 'offer_unavailable' }
  | { kind: 'operator_unavailable' };

export interface LifecycleStore {
  load(orderId: number): Promise<LifeRecord | null>;
  loadByPaymentReference(reference: string): Promise<LifeRecord | null>;
  change(change: OrderChange): Promise<ChangeOutcome>;
  /**
   * A payment that arrived for an order cancelled before it was paid: the money is refunded in
   * full. One conditional write (the order cancelled and its payment still pending), with its event.
   */
  refundLatePayment(orderId: number, paid: PaymentApplied, at: Date): Promise<boolean>;
  /** Orders still awaiting a payment whose link expired before `before`, oldest first. */
  unpaidExpiredBefore(before: Date, limit: number): Promise<number[]>;
}

export interface OfferView {
  orderId: number;
  operatorId: string;
  expiresAt: Date;
}

/** An open offer with the whole order it is for, as the platform reads it. */
export interface WaitingOffer extends OfferView {
  order: Order;
}

export type OfferOutcome =
  | { kind: 'offered'; operatorId: string; expiresAt: Date }
  /** An offer is open and not yet expired: nothing to do until it expires or is answered. */
  | { kind: 'open' }
  /** No candidate could be asked now; tried again at `retryAt`. */
  | { kind: 'waiting' }
  /** The order is not waiting for an operator (taken, paused, cancelled). */
  | { kind: 'not_dispatching' };

export interface DispatchStore {
  /**
   * In one transaction, on the order still awaiting an operator: its open offer, if expired by
   * `now`, is closed as expired; then, if none is open, it is offered to the first of
   * `candidates` (nearest first) that was not asked before, is free and holds no other open
   * offer, until `expiresAt`; the dispatch timer is set to that expiry, or to `retryAt`.
   */
  offerNext(orderId: number, candidates: readonly string[], now: Date, expiresAt: Date, retryAt: Date): Promise<OfferOutcome>;
  /**
   * Closes the operator's open offer of the order as declined, and dispatch is due at once:
   * `declined`. `repeated`: this operator had declined it already, nothing changes; `unavailable`:
   * it holds no such offer (taken by another, expired, withdrawn, never made).
   */
  decline(orderId: number, operatorId: string, now: Date): Promise<'declined' | 'repeated' | 'unavailable'>;
  /** The operator's open, unexpired offers. */
  openOffers(operatorId: string, now: Date): Promise<OfferView[]>;
  /** The open, unexpired offer of each of the orders that has one, in one read. */
  openOffersOf(orderIds: readonly number[], now: Date): Promise<OfferView[]>;
  /** Up to `limit` of every order's open, unexpired offer, with its order, soonest to lapse first, in one read. */
  waitingOffers(now: Date, limit: number): Promise<WaitingOffer[]>;
}

export interface DueTimer {
  orderId: number;
  kind: TimerKind;
  /** Runs so far, this one included. */
  attempts: number;
}

export interface TimerStore {
  /** Takes up to `limit` timers due by `now` for `leaseMs`: no other instance takes them meanwhile. */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<DueTimer[]>;
  /** Due again at `at` (a failed refund, say). */
  retryAt(orderId: number, kind: TimerKind, at: Date): Promise<void>;
  clear(orderId: number, kind: TimerKind): Promise<void>;
}
