import type { EventNote } from '../../orders/domain/event-notes.js';

/** A note as a bus hands it to a subscriber: with when this instance heard of it. */
export interface HeardNote extends EventNote {
  /** On the bus's monotonic clock (milliseconds): for the time from commit to subscriber. */
  heardAt: number;
}

/**
 * What a subscriber of one order is told: an event of the order committed (a note may come twice,
 * late, or never), or `null`: notes may have been missed meanwhile (the bus lost its connection),
 * so the order is to be read again.
 */
export type OrderListener = (note: HeardNote | null) => void;

/**
 * Carries the notes of committed events to every instance: the ones that hold subscribers of the
 * order learn that it changed, and read it from the store. Only that it changed travels: a note
 * lost costs a read the next note, or a reconnection, makes up for.
 */
export interface EventBus {
  /** Tells every instance, this one included. Never throws and never waits: a failure is logged. */
  publish(notes: readonly EventNote[]): void;
  /** Listens to one order's notes until the returned function is called. */
  subscribe(orderId: number, listener: OrderListener): () => void;
  /** Stops listening and lets go of the bus's connections. */
  close(): Promise<void>;
}
