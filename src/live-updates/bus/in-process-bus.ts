import type { EventBus } from '../domain/bus.js';
import { createFanout, type BusObserver } from './fanout.js';

/** The embedded store's bus: one process holds every subscriber, so a note goes straight to them. */
export function createInProcessBus(observe: BusObserver = {}, now = Date.now): EventBus {
  const fanout = createFanout(now);
  return {
    publish(notes) {
      for (const note of notes) observe.published?.(note.type ?? 'unknown');
      fanout.local(notes, false);
    },
    subscribe: fanout.subscribe,
    close: async () => {},
  };
}
