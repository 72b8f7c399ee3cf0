import type { Logger } from 'pino';
import type { PlatformConfig } from '../platform/config/platform.js';
import type { LiveUpdatesConfig } from './settings.js';
import { createOrderUpdates } from './domain/order-updates.js';
import { createEventBus } from './bus/create-bus.js';
import { createLiveOrders } from './live-orders.js';
import type { RateLimit } from '../http/rate-limit.js';
import { loadTrackingAssets } from './rest/tracking-assets.js';
import { createTrackingRoute } from './rest/tracking-route.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import { createOrderFeedStore } from './store/order-feed-store.js';
import type { Sql } from '../platform/store/sql.js';

/** The settings live updates read: the platform's (tokens, the store, Redis) and their own. */
type Config = PlatformConfig & LiveUpdatesConfig;

// Changes that only move the operator reach a subscriber at most this often.
const PARTNER_MOVES_EVERY_MS = 1_000;
// At shutdown, how long the open streams get to say they are complete before sockets close.
const STREAMS_END_WITHIN_MS = 1_000;

export interface LiveUpdatesParts {
  config: Config;
  sql: Sql;
  log: Logger;
  metrics: Metrics;
  rateLimit: RateLimit | null;
}

/**
 * Live updates of orders: the bus that carries committed changes to every instance, the watches
 * that subscriptions and tracking pages open on it, and the tracking route.
 */
export async function composeLiveUpdates({ config, sql, log, metrics, rateLimit }: LiveUpdatesParts) {
  const bus = await createEventBus(config, sql, log, {
    published: (type) => metrics.eventsPublished.inc({ type }),
    missed: (subscribers) => metrics.eventRereads.inc(subscribers),
  });
  const closing = new AbortController();
  const updates = createOrderUpdates({
    bus,
    feed: createOrderFeedStore(sql),
    now: Date.now,
    coalesceMs: PARTNER_MOVES_EVERY_MS,
    closing: closing.signal,
    onSent: (latencyMs) => latencyMs !== null && metrics.eventFanout.observe(latencyMs / 1000),
  });
  const live = createLiveOrders({
    updates,
    clockToleranceMs: config.auth.clockToleranceSeconds * 1000,
    count: (transport, delta) => metrics.liveSubscriptions.inc({ transport }, delta),
  });
  const tracking = createTrackingRoute({ live, assets: await loadTrackingAssets(), rateLimit, keepAliveMs: config.events.keepAliveMs, log });

  return {
    bus,
    live,
    tracking,
    /**
     * Ends every open subscription and tracking stream (each says it is complete), then closes
     * `sockets` (WebSocket connections): at shutdown, before the listener closes.
     */
    async endStreams(sockets: () => unknown): Promise<void> {
      closing.abort();
      await live.whenIdle(STREAMS_END_WITHIN_MS);
      // The last messages are handed to their sockets on the next turns.
      await new Promise((resolve) => setImmediate(resolve));
      await sockets();
    },
    /** Closes the bus: its connections to Redis or PostgreSQL. */
    stop: () => bus.close(),
  };
}
