import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Seconds: a REST order takes a few milliseconds; a store or provider outage, its deadline.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

/**
 * What the service counts and times, in Prometheus' text format (GET /metrics). One registry per
 * service, passed in, never a global one: tests and workers each have their own.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Histogram({
      name: 'orders_http_request_duration_seconds',
      help: 'API requests by face (rest, graphql), operation and answer code (OK, or the error table code)',
      labelNames: ['face', 'operation', 'code'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    orders: new Counter({
      name: 'orders_create_outcomes_total',
      help: 'createOrder outcomes on both faces: OK (an order was made) or the error code',
      labelNames: ['code'],
      registers,
    }),
    statements: new Histogram({
      name: 'orders_store_statement_duration_seconds',
      help: 'Statements of the store by outcome: ok, error (the statement was refused), unavailable, unknown',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    payments: new Histogram({
      name: 'orders_payment_provider_duration_seconds',
      help: 'Calls to the payment provider by provider, operation (create_link, cancel_link, read_payment, refund) and outcome (ok, or the failure: timeout, server_error…)',
      labelNames: ['provider', 'operation', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    notifications: new Counter({
      name: 'orders_payment_notifications_total',
      help: "Payment notifications by provider and event (verified, forged, applied, retry…)",
      labelNames: ['provider', 'event'],
      registers,
    }),
    routing: new Histogram({
      name: 'orders_routing_call_duration_seconds',
      help: 'Calls to the routing provider by provider and outcome',
      labelNames: ['provider', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    legs: new Counter({
      name: 'orders_routing_legs_total',
      help: 'Legs estimated through a routing provider, by source (road, great_circle) and why one fell back',
      labelNames: ['source', 'fallback'],
      registers,
    }),
    legacyCalls: new Histogram({
      name: 'orders_legacy_call_duration_seconds',
      help: 'Gateway mode: calls to the legacy order service by outcome (order, no-operator, timeout, unavailable, breaker-open…)',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    legacyCorrections: new Counter({
      name: 'orders_legacy_corrections_total',
      help: "Gateway mode: values of the legacy's answers read as the documented value they misspell, by field",
      labelNames: ['field'],
      registers,
    }),
    legacyBreaker: new Counter({
      name: 'orders_legacy_breaker_transitions_total',
      help: "Gateway mode: the legacy's circuit breaker changing state (open: failing fast; half-open: a probe; closed)",
      labelNames: ['state'],
      registers,
    }),
    routeCache: new Counter({
      name: 'orders_route_cache_lookups_total',
      help: 'Route cache lookups by result (hit, miss)',
      labelNames: ['result'],
      registers,
    }),
    batches: new Histogram({
      name: 'orders_group_commit_batch_size',
      help: 'Items written together by one statement (group commit), by writer (orders, operator moves)',
      labelNames: ['writer'],
      buckets: BATCH_BUCKETS,
      registers,
    }),
    webhookDeliveries: new Histogram({
      name: 'orders_webhook_delivery_duration_seconds',
      help: 'Tries of webhook deliveries by outcome: delivered (2xx), retried (anything else, tried again later), failed (the last try)',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    // Both describe the shared store, not the worker: with WORKERS > 1 the workers' values are
    // one reading each of the same thing, so the sum takes the largest rather than adding them.
    webhookOutboxLag: new Gauge({
      name: 'orders_webhook_outbox_lag_seconds',
      help: 'Age of the oldest order event the webhook fan-out read on its last pass; 0 when it had none',
      aggregator: 'max',
      registers,
    }),
    webhookPending: new Gauge({
      name: 'orders_webhook_pending_deliveries',
      help: 'Webhook deliveries neither delivered nor failed yet, in the whole store',
      aggregator: 'max',
      registers,
    }),
    liveSubscriptions: new Gauge({
      name: 'orders_live_subscriptions',
      help: 'Open live updates of orders, by transport (sse, ws: orderUpdated; track: the tracking page)',
      labelNames: ['transport'],
      registers,
    }),
    eventsPublished: new Counter({
      name: 'orders_events_published_total',
      help: 'Order events committed and published on this instance, by type (paid, assigned, partner_moved…)',
      labelNames: ['type'],
      registers,
    }),
    eventFanout: new Histogram({
      name: 'orders_event_fanout_seconds',
      help: 'From hearing of a committed change (at once on its own instance) to sending the order to a subscriber',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    eventRereads: new Counter({
      name: 'orders_event_rereads_total',
      help: "Subscribers told to read their order again because the bus's connection dropped and notes may have been missed",
      registers,
    }),
    rateLimited: new Counter({
      name: 'orders_rate_limited_total',
      help: 'Requests refused for being over the rate limit, by face',
      labelNames: ['face'],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds since `start`, a performance.now() reading. */
export const secondsSince = (start: number) => (performance.now() - start) / 1000;
