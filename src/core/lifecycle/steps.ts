import { PENDING_STATUSES, type OrderStatus, type PendingStatus } from '../orders/order.js';

/**
 * Where an order is in its life, in one word: its pendingStatus while it is pending, else its
 * status. The contract keeps the two fields; the state machine reads and writes this.
 */
export type Step = PendingStatus | Exclude<OrderStatus, 'pending'>;

/** Every step, in the order of the path: the pending ones first, then where an order stops. */
export const STEPS: readonly Step[] = [...PENDING_STATUSES, 'finished', 'paused', 'cancelled', 'closed'];

/** The steps an operator is on the order: accepted, and not yet finished. */
export const WITH_OPERATOR: readonly Step[] = [
  'partner_start_order',
  'partner_going_to_origin',
  'partner_in_origin',
  'partner_going_to_destination',
];

/** The steps that end an order: nothing moves it any more but closing a finished one. */
export const ENDED: readonly Step[] = ['cancelled', 'closed'];

export interface OrderState {
  status: OrderStatus;
  pendingStatus: PendingStatus | null;
}

export const stepOf = ({ status, pendingStatus }: OrderState): Step =>
  status === 'pending' ? (pendingStatus ?? 'pending_payment') : status;

export function stateOf(step: Step): OrderState {
  return (STEPS.indexOf(step) < STEPS.indexOf('finished'))
    ? { status: 'pending', pendingStatus: step as PendingStatus }
    : { status: step as OrderStatus, pendingStatus: null };
}
