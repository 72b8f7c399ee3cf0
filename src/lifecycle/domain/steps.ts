import { STEP_TABLE, STEPS, stepsWith, type OrderActor, type OrderStatus, type PendingStatus, type Step } from '../../orders/domain/order.js';

/**
 * Where an order is in its life, in one word: its pendingStatus while it is pending, else its
 * status. The contract keeps the two fields; the state machine reads and writes this. Every step
 * and what it allows is declared once, in STEP_TABLE (src/orders/domain/order.ts).
 */
export { STEPS, type Step };

/** The steps an operator is on the order: accepted, and not yet finished. */
export const WITH_OPERATOR: readonly Step[] = stepsWith('withOperator');

/** The steps that end an order: nothing moves it any more but closing a finished one. */
export const ENDED: readonly Step[] = stepsWith('ended');

/** The steps the platform may pause an order at, and so resume it back to. */
export const PAUSABLE: readonly Step[] = stepsWith('pausable');

/** The steps the operator on an order reports reaching (GraphQL's `OrderStep`). */
export const REPORTED = stepsWith('reported');

/** The steps the operator is on its way to the car: its distance and time to it are what the customer waits on. */
export const APPROACHING: readonly Step[] = stepsWith('approaching');

/** The steps at which `actor` may cancel an order, in the order of the path. */
export const cancellableBy = (actor: OrderActor): Step[] => STEPS.filter((s) => (STEP_TABLE[s].cancelledBy as readonly OrderActor[]).includes(actor));

export interface OrderState {
  status: OrderStatus;
  pendingStatus: PendingStatus | null;
}

export const stepOf = ({ status, pendingStatus }: OrderState): Step =>
  status === 'pending' ? (pendingStatus ?? 'pending_payment') : status;

export function stateOf(step: Step): OrderState {
  return STEP_TABLE[step].pending
    ? { status: 'pending', pendingStatus: step as PendingStatus }
    : { status: step as Exclude<Step, PendingStatus>, pendingStatus: null };
}
