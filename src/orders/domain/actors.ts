import type { OrderActor } from './order.js';

/**
 * Who changes an order: its owner (the integrating application's token `sub`), the operator on
 * it, the platform (scope `orders:admin`), the service's own timers, or the payment provider
 * through its verified notification. The kinds are the history's actors (ORDER_ACTORS).
 */
export type ActorKind = OrderActor;

export interface Actor {
  kind: ActorKind;
  /** The owner's subject, the operator's id, the platform's subject; null for timers and providers. */
  id: string | null;
}

export const TIMER: Actor = { kind: 'timer', id: null };
export const PAYMENT: Actor = { kind: 'payment', id: null };
