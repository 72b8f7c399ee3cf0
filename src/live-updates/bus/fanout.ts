import type { EventNote } from '../../orders/domain/event-notes.js';
import type { OrderListener } from '../domain/bus.js';

/** What a bus reports, for the metrics. */
export interface BusObserver {
  /** An event published from this instance, by its type. */
  published?(type: string): void;
  /** The bus may have missed notes: every subscriber (this many) reads its order again. */
  missed?(subscribers: number): void;
}

// Notes published here that the shared channel will bring back: already delivered, they are
// dropped when they come. Bounded: a note whose echo never comes is forgotten in time.
const ECHOES_KEPT = 10_000;

/**
 * This instance's subscribers, by order, and the delivery of notes to them: at once for the notes
 * published here, and for the others' notes as the shared channel brings them.
 */
export function createFanout(now: () => number) {
  const byOrder = new Map<number, Set<OrderListener>>();
  const echoes = new Set<string>();
  const key = (note: EventNote) => `${note.orderId}:${note.seq}`;

  const tell = (listener: OrderListener, note: Parameters<OrderListener>[0]) => {
    try {
      listener(note);
    } catch {
      // A subscriber's failure is its own: the others are still told.
    }
  };

  function deliver(note: EventNote): void {
    const listeners = byOrder.get(note.orderId);
    if (!listeners) return;
    const heard = { orderId: note.orderId, seq: note.seq, type: note.type, order: note.order, heardAt: now() };
    for (const listener of listeners) tell(listener, heard);
  }

  return {
    subscribe(orderId: number, listener: OrderListener): () => void {
      let listeners = byOrder.get(orderId);
      if (!listeners) byOrder.set(orderId, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byOrder.get(orderId) === listeners) byOrder.delete(orderId);
      };
    },

    /** Notes committed here: delivered now, their echo expected. */
    local(notes: readonly EventNote[], expectEcho: boolean): void {
      for (const note of notes) {
        if (expectEcho) {
          if (echoes.size >= ECHOES_KEPT) echoes.delete(echoes.values().next().value!);
          echoes.add(key(note));
        }
        deliver(note);
      }
    },

    /** A note from the shared channel: delivered unless it is the echo of one of ours. */
    remote(note: EventNote): void {
      if (echoes.delete(key(note))) return;
      deliver(note);
    },

    /** Tells every subscriber to read its order again; answers how many were told. */
    missedAll(): number {
      let told = 0;
      for (const listeners of byOrder.values()) {
        for (const listener of listeners) {
          tell(listener, null);
          told += 1;
        }
      }
      return told;
    },
  };
}

export type Fanout = ReturnType<typeof createFanout>;

/** The shared channel's payload of a note, `<orderId>:<seq>`. */
export const notePayload = (note: EventNote): string => `${note.orderId}:${note.seq}`;

/** A note from a payload; null for anything else (another program on the channel). */
export function noteOf(payload: string): EventNote | null {
  const match = /^(\d{1,15}):(\d{1,9})$/.exec(payload);
  return match ? { orderId: Number(match[1]), seq: Number(match[2]) } : null;
}
