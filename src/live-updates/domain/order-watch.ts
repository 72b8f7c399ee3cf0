import { PARTNER_MOVED } from '../../orders/domain/order.js';
import type { EventBus, HeardNote } from './bus.js';

/** One read of a watched order, as its watcher may see it. */
export interface OrderReading<T> {
  version: number;
  value: T;
  /** The types of the order's events after the version the read was given, oldest first. */
  typesSince: readonly string[];
}

/** What a watch yields: the order, or why it ends (then nothing follows). */
export type WatchItem<T> =
  | { kind: 'order'; value: T; version: number }
  | { kind: 'end'; reason: 'not_found' | 'expired' }
  /** The store failed: the watcher is to come back, and gets the order as it then is. */
  | { kind: 'end'; reason: 'failed'; error: unknown };

export interface WatchDeps {
  bus: EventBus;
  /** Milliseconds since the epoch; the bus stamps the notes it hears with the same clock. */
  now: () => number;
  /** Changes that only move the operator are sent at most once in this span, per watcher. */
  coalesceMs: number;
  /** The service is closing: every watch ends, without an error. */
  closing: AbortSignal;
  /** A send, with the time since the first note it answers was heard (null: a first read or a re-read). */
  onSent?: (latencyMs: number | null) => void;
  /** The bus may have missed notes: the order is read again. */
  onMissed?: () => void;
}

export interface WatchOptions<T> {
  orderId: number;
  /** The order as this watcher may see it; null when not found, or no longer its to see. */
  read: (afterVersion: number) => Promise<OrderReading<T> | null>;
  /** When the watcher's right to see it ends (its token's expiry), in epoch milliseconds. */
  until?: number | null;
  /**
   * The order as a note carries it (see EventNote.order), as `read` would answer it after the
   * version before the note's; null when the note carries none, or not for this watcher.
   */
  carried?: (note: HeardNote) => OrderReading<T> | null;
}

/** A watch: an iterator whose `return()` always exists, and ends it at once. */
export type Watch<T> = AsyncIterableIterator<WatchItem<T>> & { return(value?: unknown): Promise<IteratorResult<WatchItem<T>>> };

const MOVES_ONLY = (types: readonly string[]) => types.length > 0 && types.every((t) => t === PARTNER_MOVED);

/**
 * An order's updates for one watcher: the order as it is now, then the order again whenever the
 * store holds a newer version. A note only says "read again": notes may come twice, late or not
 * at all, and what is sent is always what the store holds, in version order, never one version
 * twice: read from it, or, when the one note heard is of the next version and carries the order
 * as its change read it (`carried`), that. Consecutive changes that only move the operator are
 * sent at most once a `coalesceMs`, the latest winning.
 *
 * The iterator's `return()` ends the watch at once, even while it waits for a change (a plain
 * async generator would wait for the next change before it could end).
 */
export function watchOrder<T>(deps: WatchDeps, options: WatchOptions<T>): Watch<T> {
  const stop: Stop = { ended: false, poke: () => {} };
  const generator = run(deps, options, stop);
  const end = () => {
    stop.ended = true;
    stop.poke();
  };
  return {
    next: () => generator.next(),
    return: (value?: unknown) => {
      end();
      return generator.return(value as undefined);
    },
    throw: (error?: unknown) => {
      end();
      return generator.throw(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Whether the watch is over (returned, or the service closing), and how to wake it to see so. A
 * flag read at every step: an AbortSignal combining both cost more, read per event, than the
 * event's own work.
 */
interface Stop {
  ended: boolean;
  poke: () => void;
}

async function* run<T>(deps: WatchDeps, options: WatchOptions<T>, stop: Stop): AsyncGenerator<WatchItem<T>, undefined> {
  const { now } = deps;
  let lastSent = 0;
  let lastSentAt = -Infinity;
  // The earliest note heard since the last send: the send answers it.
  let firstHeardAt: number | null = null;
  let stale = true;
  // What the one note heard since the last send carries, when it is the next version: sent
  // without a read. Any other note, or notes missed, and the store is read.
  let carried: OrderReading<T> | null = null;
  let expired = false;
  let wake: (() => void) | null = null;
  const poke = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  stop.poke = poke;
  const closing = () => ((stop.ended = true), poke());

  const unsubscribe = deps.bus.subscribe(options.orderId, (note) => {
    if (note === null) deps.onMissed?.();
    else if (note.seq <= lastSent) return;
    else firstHeardAt ??= note.heardAt;
    carried = note !== null && !stale && note.seq === lastSent + 1 ? (options.carried?.(note) ?? null) : null;
    stale = true;
    poke();
  });
  if (deps.closing.aborted) stop.ended = true;
  else deps.closing.addEventListener('abort', closing);
  let later: ReturnType<typeof setTimeout> | undefined;
  const readAt = (at: number) => {
    clearTimeout(later);
    later = setTimeout(() => ((stale = true), poke()), Math.max(0, at - now()));
  };
  const expiry = options.until == null ? undefined : setTimeout(() => ((expired = true), poke()), Math.max(0, options.until - now()));

  try {
    for (;;) {
      if (stop.ended) return;
      if (expired) {
        yield { kind: 'end', reason: 'expired' };
        return;
      }
      if (!stale) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      stale = false;
      let reading: OrderReading<T> | null = carried;
      carried = null;
      try {
        reading ??= await options.read(lastSent);
      } catch (error) {
        yield { kind: 'end', reason: 'failed', error };
        return;
      }
      if (stop.ended) return;
      if (!reading) {
        yield { kind: 'end', reason: 'not_found' };
        return;
      }
      if (reading.version <= lastSent) continue;
      const due = lastSentAt + deps.coalesceMs;
      if (lastSent > 0 && MOVES_ONLY(reading.typesSince) && now() < due) {
        readAt(due);
        continue;
      }
      clearTimeout(later);
      deps.onSent?.(firstHeardAt === null ? null : now() - firstHeardAt);
      lastSent = reading.version;
      lastSentAt = now();
      firstHeardAt = null;
      yield { kind: 'order', value: reading.value, version: reading.version };
    }
  } finally {
    unsubscribe();
    deps.closing.removeEventListener('abort', closing);
    clearTimeout(later);
    clearTimeout(expiry);
  }
}
