import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventBus, HeardNote, OrderListener } from '../../src/live-updates/domain/bus.js';
import { watchOrder, type OrderReading, type WatchDeps, type WatchItem } from '../../src/live-updates/domain/order-watch.js';

/** A bus the test drives by hand: it delivers what the test says, twice, late, or not at all. */
function handBus() {
  const listeners = new Map<number, Set<OrderListener>>();
  const bus: EventBus = {
    publish: () => {},
    subscribe(orderId, listener) {
      if (!listeners.has(orderId)) listeners.set(orderId, new Set());
      listeners.get(orderId)!.add(listener);
      return () => listeners.get(orderId)!.delete(listener);
    },
    close: async () => {},
  };
  return {
    bus,
    /** A note; with `type`, one that carries the order as its change left it. */
    note: (orderId: number, seq: number, type?: string) => listeners.get(orderId)?.forEach((l) => l({ orderId, seq, type, heardAt: Date.now() })),
    missed: () => listeners.forEach((set) => set.forEach((l) => l(null))),
    listening: (orderId: number) => listeners.get(orderId)?.size ?? 0,
  };
}

/** An order in a store: its version, and the types of the events that made each version. */
function storedOrder() {
  const types: string[] = ['created'];
  let visible = true;
  const read = vi.fn(async (after: number): Promise<OrderReading<string> | null> => {
    if (!visible) return null;
    return { version: types.length, value: `v${types.length}`, typesSince: after > 0 ? types.slice(after) : [] };
  });
  return {
    read,
    change: (type: string) => types.push(type),
    hide: () => (visible = false),
    get version() {
      return types.length;
    },
  };
}

const values = (items: WatchItem<string>[]) => items.map((i) => (i.kind === 'order' ? i.value : `end:${i.reason}`));

/** What a note with a type carries, for a watcher that may see it: the version, as `c<seq>`. */
const carriedOf = vi.fn(({ seq, type }: HeardNote): OrderReading<string> | null => (type ? { version: seq, value: `c${seq}`, typesSince: [type] } : null));

function start(options: { coalesceMs?: number; until?: number } = {}) {
  const hand = handBus();
  const order = storedOrder();
  const closing = new AbortController();
  const deps: WatchDeps = { bus: hand.bus, now: Date.now, coalesceMs: options.coalesceMs ?? 1_000, closing: closing.signal };
  const watch = watchOrder(deps, { orderId: 7, read: order.read, until: options.until, carried: carriedOf });
  const received: WatchItem<string>[] = [];
  const running = (async () => {
    for await (const item of watch) received.push(item);
  })();
  return { hand, order, watch, received, running, closing, seen: () => values(received) };
}

afterEach(() => vi.useRealTimers());

describe('watching an order', () => {
  it('when it starts, then the order as it is now comes first', async () => {
    const w = start();

    await expect.poll(w.seen).toEqual(['v1']);
    await w.watch.return();
  });

  it('when changes are noted, then each newer version is sent once, in order, however the notes come', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);

    w.order.change('paid');
    w.hand.note(7, 2);
    w.hand.note(7, 2);
    await expect.poll(w.seen).toEqual(['v1', 'v2']);
    w.order.change('assigned');
    w.order.change('progressed');
    w.hand.note(7, 4);
    w.hand.note(7, 3);
    await expect.poll(w.seen).toEqual(['v1', 'v2', 'v4']);
    w.hand.note(7, 2);
    w.hand.note(8, 9);
    w.order.change('progressed');
    w.hand.note(7, 5);

    await expect.poll(w.seen).toEqual(['v1', 'v2', 'v4', 'v5']);
    await w.watch.return();
  });

  it('when a note carries the order’s next version, then that is sent without reading the store', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);
    const reads = w.order.read.mock.calls.length;

    w.order.change('paid');
    w.hand.note(7, 2, 'paid');
    await expect.poll(w.seen).toEqual(['v1', 'c2']);
    w.order.change('assigned');
    w.hand.note(7, 3, 'assigned');

    await expect.poll(w.seen).toEqual(['v1', 'c2', 'c3']);
    expect(w.order.read.mock.calls.length).toBe(reads);
    await w.watch.return();
  });

  it('when what a note carries is not the next version, or not the only news, or not for this watcher, then the store is read', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);

    // A version between went unnoted.
    w.order.change('paid');
    w.order.change('assigned');
    w.hand.note(7, 3, 'assigned');
    await expect.poll(w.seen).toEqual(['v1', 'v3']);
    // Two notes before the watch could send.
    w.order.change('progressed');
    w.order.change('progressed');
    w.hand.note(7, 4, 'progressed');
    w.hand.note(7, 5, 'progressed');
    await expect.poll(w.seen).toEqual(['v1', 'v3', 'v5']);
    // Nothing carried for this watcher.
    w.order.change('progressed');
    w.hand.note(7, 6);

    await expect.poll(w.seen).toEqual(['v1', 'v3', 'v5', 'v6']);
    expect(w.order.read).toHaveBeenCalledTimes(4);
    await w.watch.return();
  });

  it('when a note is lost, then nothing is sent until the bus says notes were missed; then the order as it is', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);
    w.order.change('paid');
    w.order.change('assigned');
    const reads = w.order.read.mock.calls.length;

    w.hand.missed();

    await expect.poll(w.seen).toEqual(['v1', 'v3']);
    expect(w.order.read.mock.calls.length).toBe(reads + 1);
    await w.watch.return();
  });

  it('when the operator moves many times, then the moves wait, and the next other change is sent at once with all of them', async () => {
    const w = start({ coalesceMs: 3_600_000 });
    await expect.poll(w.seen).toEqual(['v1']);
    w.order.change('assigned');
    w.hand.note(7, 2);
    await expect.poll(w.seen).toEqual(['v1', 'v2']);

    for (const seq of [3, 4, 5]) {
      w.order.change('partner_moved');
      w.hand.note(7, seq);
    }
    await expect.poll(() => w.order.read.mock.calls.length).toBe(3);
    w.order.change('progressed');
    w.hand.note(7, 6);

    await expect.poll(w.seen).toEqual(['v1', 'v2', 'v6']);
    await w.watch.return();
  });

  it('when the operator moves, then the move is sent once the span since the last send has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The watch moves on through promises only: let them all run, without the clock moving.
    const settle = async () => {
      for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
    };
    const w = start({ coalesceMs: 1_000 });
    w.order.change('assigned');
    w.hand.note(7, 2);
    await settle();
    const sent = w.seen();

    w.order.change('partner_moved');
    w.hand.note(7, 3);
    w.order.change('partner_moved');
    w.hand.note(7, 4);
    await settle();
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    const early = w.seen();
    await vi.advanceTimersByTimeAsync(1);
    await settle();

    expect(sent).toEqual(['v1', 'v2']);
    expect(early).toEqual(['v1', 'v2']);
    expect(w.seen()).toEqual(['v1', 'v2', 'v4']);
    await w.watch.return();
  });

  it('when the order is no longer the watcher’s, then the watch ends saying so', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);

    w.order.hide();
    w.hand.note(7, 2);
    await w.running;

    expect(w.seen()).toEqual(['v1', 'end:not_found']);
    expect(w.hand.listening(7)).toBe(0);
  });

  it('when the watcher’s right ends, then the watch ends saying so', async () => {
    const w = start({ until: Date.now() + 50 });

    await w.running;

    expect(w.seen()).toEqual(['v1', 'end:expired']);
  });

  it('when the store fails, then the watch ends with the failure, for the client to come back', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);
    w.order.read.mockRejectedValueOnce(new Error('store down'));

    w.hand.note(7, 2);
    await w.running;

    expect(w.received.at(-1)).toMatchObject({ kind: 'end', reason: 'failed', error: new Error('store down') });
  });

  it('when the watcher leaves while nothing happens, then the watch ends at once and stops listening', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);

    await w.watch.return();
    await w.running;

    expect(w.hand.listening(7)).toBe(0);
  });

  it('when the service closes, then every watch ends without an error', async () => {
    const w = start();
    await expect.poll(w.seen).toEqual(['v1']);

    w.closing.abort();
    await w.running;

    expect(w.seen()).toEqual(['v1']);
    expect(w.hand.listening(7)).toBe(0);
  });
});
