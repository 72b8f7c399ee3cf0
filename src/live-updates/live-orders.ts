import type { AuthenticatedCaller } from '../platform/tokens/verify-token.js';
import { subscriberClaims } from '../platform/tokens/token-claims.js';
import type { OrderUpdates } from './domain/order-updates.js';
import type { WatchItem } from './domain/order-watch.js';
import type { Tracking } from './domain/tracking.js';
import type { Order } from '../orders/domain/order.js';

/** How a live update travels: GraphQL over SSE, GraphQL over WebSocket, the tracking page's stream. */
export type Transport = 'sse' | 'ws' | 'track';

export interface LiveOrdersDeps {
  updates: OrderUpdates;
  /** A token is still accepted this long past its `exp` (AUTH_CLOCK_TOLERANCE_SECONDS). */
  clockToleranceMs: number;
  /** Told of each live update opening (+1) and ending (-1), by transport. */
  count?: (transport: Transport, delta: 1 | -1) => void;
}

/** `iterator`, with `ended` called once when it finishes, fails or is returned. */
function counted<T>(iterator: AsyncIterableIterator<T>, ended: () => void): AsyncIterableIterator<T> {
  let done = false;
  const end = () => {
    if (!done) ended();
    done = true;
  };
  // Plain callbacks, not an async function: every event of every subscriber passes here.
  const step = (result: IteratorResult<T>) => {
    if (result.done) end();
    return result;
  };
  const failed = (error: unknown) => {
    end();
    throw error;
  };
  return {
    next: () => iterator.next().then(step, failed),
    return: (value?: unknown) => iterator.return!(value).then(step, failed).finally(end),
    throw: (error?: unknown) => iterator.throw!(error).then(step, failed).finally(end),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** The live updates the edges open: `orderUpdated` for its owner and operator, and tracking pages. */
export function createLiveOrders(deps: LiveOrdersDeps) {
  let opened = 0;
  const idle: (() => void)[] = [];
  const open = <T>(transport: Transport, iterator: AsyncIterableIterator<WatchItem<T>>) => {
    opened += 1;
    deps.count?.(transport, 1);
    return counted(iterator, () => {
      deps.count?.(transport, -1);
      opened -= 1;
      if (opened === 0) for (const resolve of idle.splice(0)) resolve();
    });
  };

  return {
    /** The order's updates for the caller of `authorization`; they end when its token expires. */
    orderUpdated(caller: AuthenticatedCaller, authorization: string | null | undefined, orderId: number, transport: Transport) {
      const { operatorId, expiresAt } = subscriberClaims(authorization, caller);
      const until = expiresAt === null ? null : expiresAt + deps.clockToleranceMs;
      return open<Order>(transport, deps.updates.forWatcher({ subject: caller.subject, operatorId, until }, orderId));
    },

    tracking: (reference: string): Promise<Tracking | null> => deps.updates.tracking(reference),

    /** The tracking page's updates of a payment reference; null for no such order. */
    async trackingUpdates(reference: string) {
      const updates = await deps.updates.trackingUpdates(reference);
      return updates && open<Tracking>('track', updates);
    },

    /**
     * A subscriber that an edge serves from another subscriber's updates (the same operation, with
     * the same token): counted as a live update of its own until the function answered is called.
     */
    joined(transport: Transport): () => void {
      deps.count?.(transport, 1);
      let left = false;
      return () => {
        if (!left) deps.count?.(transport, -1);
        left = true;
      };
    },

    /** Resolves once no update is open any more (after the service's closing ended them), or after `ms`. */
    whenIdle(ms: number): Promise<void> {
      if (opened === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        idle.push(() => (clearTimeout(timer), resolve()));
      });
    },
  };
}

export type LiveOrders = ReturnType<typeof createLiveOrders>;
