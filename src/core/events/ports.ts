// An order's events: one row per change, written by the change's own transaction (the order's
// history and the outbox at once). Subscriptions and webhooks are fed from them.

/** That an order's event `seq` committed. Readers fetch the event itself from the store. */
export interface EventNote {
  orderId: number;
  seq: number;
  /** The event's type, when the writer says it (for the metrics; readers never rely on it). */
  type?: string;
}

/** Told of events once their transaction committed: never of one that did not. */
export type OnCommitted = (notes: readonly EventNote[]) => void;
