import type { Order } from '../../orders/domain/order.js';
import { watchOrder, type WatchDeps, type WatchItem } from './order-watch.js';
import { trackingOf, type Tracking, type TrackingSource } from './tracking.js';

/** What the watches read of the store. */
export interface OrderFeed {
  /** Any order, its version, and the types of its events after `afterVersion` (none read when 0). */
  read(orderId: number, afterVersion: number): Promise<{ order: Order; version: number; typesSince: string[] } | null>;
  /** The order a payment reference belongs to. */
  orderIdOf(reference: string): Promise<number | null>;
  /** What a tracking page shows of the order, its version, and the types of its events after `afterVersion`. */
  tracking(orderId: number, afterVersion: number): Promise<{ source: TrackingSource; version: number; typesSince: string[] } | null>;
}

/** Who watches an order: a token's subject, the operator it acts as, and when the token expires. */
export interface Watcher {
  subject: string;
  operatorId: string | null;
  /** Epoch milliseconds; null: never (as far as the watch knows). */
  until: number | null;
}

/** The order's owner, and the operator on it, may watch it; to anyone else it does not exist. */
export const mayWatch = (order: Order, watcher: Watcher): boolean =>
  order.ownerSubject === watcher.subject || (watcher.operatorId !== null && order.partnerId === watcher.operatorId);

export interface OrderUpdatesDeps extends WatchDeps {
  feed: OrderFeed;
}

/**
 * A read shared by the callers asking the same thing while it runs: the watchers of one order,
 * told of a change at once, each ask for the order after the version they all last sent; one
 * read of the store answers them all, however many there are.
 */
function shared<T>(read: (orderId: number, after: number) => Promise<T>) {
  const running = new Map<string, Promise<T>>();
  return (orderId: number, after: number): Promise<T> => {
    const key = `${orderId}:${after}`;
    let reading = running.get(key);
    if (!reading) {
      reading = read(orderId, after).finally(() => running.delete(key));
      running.set(key, reading);
    }
    return reading;
  };
}

/** Live updates of orders: for their owner and operator, and for a tracking page. */
export function createOrderUpdates(deps: OrderUpdatesDeps) {
  const feed = { read: shared(deps.feed.read), tracking: shared(deps.feed.tracking), orderIdOf: deps.feed.orderIdOf };

  /** The order's updates as `watcher` may see them: the first item is the order as it is now. */
  function forWatcher(watcher: Watcher, orderId: number): AsyncIterableIterator<WatchItem<Order>> {
    return watchOrder<Order>(deps, {
      orderId,
      until: watcher.until,
      read: async (after) => {
        const found = await feed.read(orderId, after);
        if (!found || !mayWatch(found.order, watcher)) return null;
        return { version: found.version, value: found.order, typesSince: found.typesSince };
      },
      carried: ({ order, seq, type }) => (order && type && mayWatch(order, watcher) ? { version: seq, value: order, typesSince: [type] } : null),
    });
  }

  const readTracking = (orderId: number) => async (after: number) => {
    const found = await feed.tracking(orderId, after);
    return found && { version: found.version, value: trackingOf(found.source), typesSince: found.typesSince };
  };

  /** The order of a payment reference as its tracking page shows it now; null for no such order. */
  async function tracking(reference: string): Promise<Tracking | null> {
    const orderId = await feed.orderIdOf(reference);
    return orderId === null ? null : ((await readTracking(orderId)(0))?.value ?? null);
  }

  /** The tracking page's updates; null for no such order. */
  async function trackingUpdates(reference: string): Promise<AsyncIterableIterator<WatchItem<Tracking>> | null> {
    const orderId = await feed.orderIdOf(reference);
    return orderId === null ? null : watchOrder<Tracking>(deps, { orderId, read: readTracking(orderId) });
  }

  return { forWatcher, tracking, trackingUpdates };
}

export type OrderUpdates = ReturnType<typeof createOrderUpdates>;
