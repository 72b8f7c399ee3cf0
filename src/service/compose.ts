import type { Logger } from 'pino';
import { createGraphqlFace } from '../graphql/face.js';
import { schema, subgraphSchema } from './schema.js';
import { loadGraphiqlAssets } from '../graphql/graphiql-assets.js';
import { createDocsRoute } from '../reference/docs-page.js';
import type { RateLimit } from '../http/rate-limit.js';
import { createApp } from '../http/router.js';
import { TRACKING_PATH, trackingMount } from '../live-updates/rest/tracking-route.js';
import { orderMounts } from '../orders/rest/mounts.js';
import { paymentMounts } from '../payments/rest/mounts.js';
import { referenceMounts } from '../reference/mounts.js';
import { cancelOrderAction } from '../lifecycle/rest/cancel-order-route.js';
import { metricsSourceFor } from '../platform/metrics/cluster-metrics.js';
import { createMetrics, type Metrics } from '../platform/metrics/metrics.js';
import { gatewayObserver, observedOrders, observedSql, providerObservers } from './observed.js';
import type { Config } from './config.js';
import { createTokenVerifier } from '../platform/tokens/verify-token.js';
import { gatewayOrderLife } from '../gateway/domain/order-life.js';
import { gatewayRoster } from '../gateway/domain/roster.js';
import { createOrderLife } from '../lifecycle/domain/order-life.js';
import type { PaymentProvider } from '../payments/domain/ports.js';
import { migrate } from '../platform/store/migrate.js';
import { createGatewayParts, type GatewayPartsDeps } from '../gateway/compose.js';
import { operationTracing } from '../graphql/tracing.js';
import { tracedSql } from '../platform/store/traced-sql.js';
import { tracingOn } from '../platform/tracing/tracer.js';
import { currentTraceparent } from '../platform/tracing/traceparent.js';
import type { Sql } from '../platform/store/sql.js';
import { composeProviders } from './compose-providers.js';
import { composeLifecycle } from '../lifecycle/compose.js';
import { composeWebhooks, type WebhookParts } from '../webhooks/compose.js';
import type { ProviderObservers } from './provider-observers.js';
import { composeLiveUpdates } from '../live-updates/compose.js';
import type { OnCommitted } from '../orders/domain/event-notes.js';
import { composeOperators } from '../operators/compose.js';
import { composeOrders } from '../orders/compose.js';
import { composePayments } from '../payments/compose.js';
import { every } from '../platform/every.js';
import { createSignal } from '../platform/signal.js';

// Expired idempotency keys, roster changes and webhook secrets are forgotten this often.
const PURGE_EVERY_MS = 3_600_000;
// /readyz answers within this, whatever the store's deadline: probes time out in a second or two.
const READY_CHECK_MS = 1_500;

/** Whether the store answers a trivial statement within `ms`. */
function answersWithin(sql: Sql, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)));
  const answered = sql.query('select 1').then(() => true, () => false);
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

export interface ServiceParts {
  config: Config;
  sql: Sql;
  log: Logger;
  /** HS256 secret in force (configured or development); null when only a JWKS is used. */
  secret: string | null;
  graphiqlToken?: string;
  payments?: PaymentProvider;
  /** Each client's allowance of API requests (see rate-limiter.ts); none when left out. */
  rateLimit?: RateLimit | null;
  /** Whether the process is shutting down: /readyz then answers 503. */
  draining?: () => boolean;
  metrics?: Metrics;
  clock?: () => Date;
  /** What the routing and payment adapters report, for metrics. */
  observers?: ProviderObservers;
  /** Gateway mode: what a metrics registry counts of the legacy calls (see GatewayObserver). */
  gatewayObserver?: GatewayPartsDeps['observe'];
  /** Replaces the webhooks' DNS resolver, circuit breakers or jitter (tests). */
  webhooks?: Pick<WebhookParts, 'resolver' | 'breaker' | 'random'>;
}

/**
 * Migrates the store, then puts the capabilities together in order, each made from what the ones
 * before it give; where one follows another made later, it listens to a signal the composition
 * connects once both exist (the list under "The connections"). Starts their background work and
 * returns the app, with stop() for the shutdown.
 */
export async function composeService(parts: ServiceParts) {
  const { config, log } = parts;
  const clock = parts.clock ?? (() => new Date());
  const metrics = parts.metrics ?? createMetrics();
  // In a worker of WORKERS > 1, this also offers the registry to the primary's sum, whichever port serves it.
  const metricsSource = metricsSourceFor(metrics.registry);
  // Traced (see startTracing), each statement of a request is a span too.
  const sql = tracingOn() ? tracedSql(observedSql(parts.sql, metrics)) : observedSql(parts.sql, metrics);
  const batches = (writer: string) => (size: number) => metrics.batches.observe({ writer }, size);
  const observers = parts.observers ?? providerObservers(metrics);
  const applied = await migrate(sql);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const verify = createTokenVerifier({ secret: parts.secret, ...config.auth });

  // 1. Gateway mode (ORDERS_UPSTREAM_URL): the legacy order service makes the orders and
  // dispatches them to operators of its own; roster operations and the order's life are refused.
  const gateway = config.upstream
    ? createGatewayParts({
        upstream: config.upstream,
        sql,
        log,
        clock,
        currency: config.policy.pricing.currency,
        idempotencyKeyTtlMs: config.idempotencyKeyTtlMs,
        authenticate: verify,
        observe: parts.gatewayObserver ?? gatewayObserver(metrics),
      })
    : null;
  // 2. The roster: seeded, loaded, followed.
  const operators = await composeOperators({ config, sql, log, clock, keptHere: !gateway, onBatch: batches('operator moves') });
  // 3. The outside providers: road distances, payment links and their notifications.
  const providers = composeProviders({ config, sql, log, clock, secret: parts.secret, payments: parts.payments, observers });
  // 4. Orders made, quoted and read.
  const orders = await composeOrders({
    config,
    sql,
    clock,
    operators: operators.index,
    providers: providers.fulfilment,
    madeElsewhere: gateway,
    onBatch: batches('orders'),
  });
  // 5. Live updates: the bus between instances, the watches subscribers open, the tracking pages.
  const live = await composeLiveUpdates({ config, sql, log, metrics, rateLimit: parts.rateLimit ?? null });
  // 6. Payments' refunds; the order's life after its creation, which takes them (offers, steps,
  // cancels, timers); then payments follow the order's side of a payment (notifications, expiry).
  const committed = createSignal<Parameters<OnCommitted>>();
  const payments = composePayments({
    config,
    sql,
    log,
    clock,
    payments: providers.payments,
    notificationProviders: providers.notificationProviders,
    observeNotification: observers.notification,
    onCommitted: committed.emit,
  });
  const life = composeLifecycle({
    config,
    sql,
    log,
    clock,
    roster: operators.index,
    payments: providers.payments,
    refund: payments.refund,
    findOperator: (id) => operators.store.findById(id),
    legs: providers.fulfilment.legs,
    // Each change keeps the trace of the request that made it, for the spans of what it causes.
    traceparent: tracingOn() ? currentTraceparent : undefined,
    onCommitted: committed.emit,
  });
  const paying = payments.follow(life.orderPayments);
  // 7. Webhooks: the owners' endpoints and the worker that delivers the order events.
  const webhooks = composeWebhooks(Object.assign({ config, sql, log, clock, metrics, orders: orders.store }, parts.webhooks));

  // The connections, each one way. An operator's move moves the order it is on; a change
  // committed here reaches the other instances' subscribers by the bus; the events committed
  // here (an order's creation, a change) are sent to webhooks soon from this instance, the
  // others finding them on their next poll.
  operators.moved.listen(life.partnerMoved);
  committed.listen(live.bus.publish);
  committed.listen(webhooks.wakeSoon);
  orders.stored.listen(webhooks.wakeSoon);

  const orderService = observedOrders(orders.service, metrics);
  const operatorService = gateway ? gatewayRoster : operators.service;
  // After a change, both faces answer the order as it then is, whoever owns it.
  const orderLife = gateway ? gatewayOrderLife : createOrderLife({ operations: life.operations, orders: orders.store });

  // The faces. In gateway mode without a token of its own, callers carry their Authorization to the legacy.
  const authenticate = gateway?.authenticate ?? verify;
  const graphql = createGraphqlFace({
    // Every path (fast POST, streams, WebSocket, compiled execution) runs on the schema yoga holds.
    schema: config.graphql.federation ? subgraphSchema() : schema,
    authenticate,
    services: { orders: orderService, operators: operatorService, webhooks: webhooks.endpoints, life: orderLife, live: live.live },
    log,
    rateLimit: parts.rateLimit ?? null,
    keepAliveMs: config.events.keepAliveMs,
    maxBodyBytes: config.maxBodyBytes,
    posture: config.graphql,
    trustedDocuments: config.graphql.trustedDocuments,
    graphiqlToken: parts.graphiqlToken,
    graphiql: config.graphql.graphiql ? await loadGraphiqlAssets() : null,
    docs: config.apiDocs,
    tracing: tracingOn() ? await operationTracing() : undefined,
  });
  const app = createApp({
    authenticate,
    log,
    mounts: [
      ...orderMounts(
        { orders: orderService, authenticate, log, maxBodyBytes: config.maxBodyBytes, legacyPaymentField: config.legacyPaymentField },
        { cancel: cancelOrderAction({ life: orderLife, maxBodyBytes: config.maxBodyBytes, legacyPaymentField: config.legacyPaymentField }) },
      ),
      ...paymentMounts({
        notifications: paying.notifications,
        maxBodyBytes: config.maxBodyBytes,
        log,
        // Once paid, the sandbox's page links to the order's tracking page.
        sandbox: providers.sandbox && Object.assign({ trackingPath: TRACKING_PATH }, providers.sandbox),
      }),
      trackingMount(live.tracking),
      ...referenceMounts({
        publicUrl: config.publicUrl,
        legacyPaymentField: config.legacyPaymentField,
        docs: config.apiDocs ? createDocsRoute({ graphiql: config.graphql.graphiql }) : undefined,
      }),
    ],
    isReady: async () => !parts.draining?.() && (await answersWithin(parts.sql, READY_CHECK_MS)),
    upstreamState: gateway?.upstreamState,
    graphql,
    graphiql: config.graphql.graphiql,
    docs: config.apiDocs,
    corsOrigins: config.corsOrigins,
    rateLimit: parts.rateLimit ?? null,
    metrics,
    metricsPage: config.metricsPort === null ? metricsSource : undefined,
    endStreams: () => live.endStreams(graphql.closeSockets),
  });


  // What each capability runs in the background, started in order and stopped in reverse.
  const purgeExpired = async () => {
    await orders.purge();
    await operators.purge();
    await webhooks.endpoints.purge();
  };
  let purging: NodeJS.Timeout | undefined;
  operators.start();
  life.start();
  paying.start();
  webhooks.start();
  purging = every(PURGE_EVERY_MS, purgeExpired, (err) => log.warn({ err }, 'purging expired keys and changes failed'));

  let stopping: Promise<void> | undefined;
  return {
    app,
    orders: orderService,
    operators: operatorService,
    roster: operators.index,
    rosterSync: operators.sync,
    purgeExpired,
    metrics,
    paymentNotifications: paying.notifications,
    expireUnpaid: paying.expireUnpaid,
    lifecycle: life,
    routing: providers.routing,
    webhooks,
    /**
     * Stops every capability's background work, in the reverse of their start, lets the webhooks'
     * tries in flight finish, closes the providers' pools, the legacy's connections once the calls
     * under way are done, and the bus; serve.ts calls it at shutdown, before the store closes.
     */
    stop: () =>
      (stopping ??= (async () => {
        clearInterval(purging);
        purging = undefined;
        await webhooks.stop();
        paying.stop();
        life.stop();
        operators.stop();
        await Promise.all([providers.close(), gateway?.close()]);
        await live.stop();
      })()),
  };
}
