// An order's events: one row per change, written by the change's own transaction (the order's
// history and the outbox at once). Subscriptions and webhooks are fed from them.

import type { Order } from './order.js';

/** That an order's event `seq` committed. Readers fetch the event itself from the store. */
export interface EventNote {
  orderId: number;
  seq: number;
  /** The event's type, when the writer says it (for the metrics, and with `order`). */
  type?: string;
  /**
   * The order as the change left it, read in the change's own transaction, when the writer has
   * it: on this instance, a watcher that sent the version before takes it rather than reading
   * the same from the store. It never travels to other instances.
   */
  order?: Order;
}

/** Told of events once their transaction committed: never of one that did not. */
export type OnCommitted = (notes: readonly EventNote[]) => void;
