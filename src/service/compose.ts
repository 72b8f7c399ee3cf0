import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createGraphqlFace } from '../graphql/face.js';
import { loadGraphiqlAssets } from '../graphql/graphiql-assets.js';
import { createDocsRoute } from '../http/docs-page.js';
import type { RateLimit } from '../http/rate-limit.js';
import { createApp } from '../http/router.js';
import { cancelOrderAction } from '../lifecycle/rest/cancel-order-route.js';
import { metricsSourceFor } from '../platform/metrics/cluster-metrics.js';
import { createMetrics, type Metrics } from '../platform/metrics/metrics.js';
import { gatewayObserver, observedOrders, observedSql, providerObservers } from './observed.js';
import type { Config } from './config.js';
import { createTokenVerifier } from '../platform/tokens/verify-token.js';
import { createOrderService } from '../orders/domain/create-order.js';
import { gatewayOrderLife } from '../gateway/domain/order-life.js';
import { gatewayRoster } from '../gateway/domain/roster.js';
import { createOrderLife } from '../lifecycle/domain/order-life.js';
import { createNativeFulfilment } from '../orders/domain/native-fulfilment.js';
import { createOperatorService } from '../operators/domain/service.js';
import type { PaymentProvider } from '../payments/domain/ports.js';
import { createRosterSync } from '../operators/roster/roster-sync.js';
import { createSpatialRoster } from '../operators/roster/spatial-roster.js';
import { migrate } from '../platform/store/migrate.js';
import { createOperatorStore } from '../operators/store/operator-store.js';
import { createIdempotencyStore } from '../orders/store/idempotency-store.js';
import { createOrderEvents } from '../lifecycle/store/order-events.js';
import { createOrderStore } from '../orders/store/order-store.js';
import { createRosterChangeLog } from '../operators/store/roster-changes.js';
import { createGatewayParts, type GatewayPartsDeps } from '../gateway/compose.js';
import { operationTracing } from '../graphql/tracing.js';
import { tracedSql } from '../platform/store/traced-sql.js';
import { tracingOn } from '../platform/tracing/tracer.js';
import { currentTraceparent } from '../platform/tracing/traceparent.js';
import { seedDemoOperators } from '../operators/seed-demo-operators.js';
import type { Sql } from '../platform/store/sql.js';
import { composeProviders } from './compose-providers.js';
import { composeLifecycle } from '../lifecycle/compose.js';
import { composeWebhooks, type WebhookParts } from '../webhooks/compose.js';
import type { ProviderObservers } from './provider-observers.js';
import { composeEvents } from '../live-updates/compose.js';

// A write to the roster commits within a second or two of taking its change number; one still
// unseen after this long has rolled back.
const ROSTER_GAP_TIMEOUT_MS = 30_000;
// Changes committed here (orders' creations among them) wake the webhooks at most this often: a
// fan-out pass per batch or per change would cost the store as much as the changes themselves.
const WEBHOOKS_WAKE_AFTER_MS = 100;
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

/** Migrates and seeds the store, loads the roster and wires the core to its adapters and edges. */
export async function composeService(parts: ServiceParts) {
  const { config, log } = parts;
  const clock = parts.clock ?? (() => new Date());
  const metrics = parts.metrics ?? createMetrics();
  // In a worker of WORKERS > 1, this also offers the registry to the primary's sum, whichever port serves it.
  const metricsSource = metricsSourceFor(metrics.registry);
  // Traced (see startTracing), each statement of a request is a span too.
  const sql = tracingOn() ? tracedSql(observedSql(parts.sql, metrics)) : observedSql(parts.sql, metrics);
  const batches = (writer: string) => (size: number) => metrics.batches.observe({ writer }, size);
  const applied = await migrate(sql);
  if (applied.length) log.info({ applied }, 'migrations applied');

  // ORDERS_UPSTREAM_URL: gateway mode, the legacy order service makes the orders. It dispatches
  // to operators of its own: no roster is seeded, loaded or followed, and roster operations are refused.
  const verify = createTokenVerifier({ secret: parts.secret, ...config.auth });
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

  const operatorStore = createOperatorStore(sql, { onBatch: batches('operator moves') });
  if (config.seedDemoOperators && !gateway) {
    const seeded = await seedDemoOperators(operatorStore, clock());
    if (seeded) log.info({ seeded }, 'demo operators seeded into an empty roster');
  }
  const roster = createSpatialRoster();
  // Other instances on a shared database write to the roster too: follow them from the change
  // log, starting from before the roster is read so that nothing written meanwhile is missed.
  const rosterSync = config.databaseUrl && !gateway
    ? createRosterSync({ changes: createRosterChangeLog(sql), store: operatorStore, index: roster, gapTimeoutMs: ROSTER_GAP_TIMEOUT_MS })
    : null;
  await rosterSync?.start();
  if (!gateway) {
    await roster.load(operatorStore.placements());
    log.info({ operators: roster.size() }, 'roster loaded');
  }
  const operators = gateway ? gatewayRoster : createOperatorService({
    store: operatorStore,
    index: roster,
    clock,
    dispatchRadiusMetres: config.policy.dispatchRadiusMetres,
    // The order an operator is on follows its moves (bound below, once the order's life is composed).
    onMoved: (id, position) => life.partnerMoved(id, position),
  });

  // A create takes milliseconds; a claim still without its order after a minute was left by a
  // process that died, and its key may be taken by the client's next retry.
  const idempotency = gateway?.idempotency ?? createIdempotencyStore(sql, { staleAfterMs: 60_000, keepForMs: config.idempotencyKeyTtlMs });
  await idempotency.purge(clock());

  const providers = composeProviders({
    config,
    sql,
    log,
    clock,
    secret: parts.secret,
    payments: parts.payments,
    observers: parts.observers ?? providerObservers(metrics),
  });
  // Events committed here are in the outbox: webhooks go out soon rather than at the next poll.
  // Batches and changes come many a second under load; one pass a moment later takes all of theirs.
  let wakeWebhooks: NodeJS.Timeout | null = null;
  const wakeWebhooksSoon = () => {
    wakeWebhooks ??= setTimeout(() => {
      wakeWebhooks = null;
      webhooks.wake();
    }, WEBHOOKS_WAKE_AFTER_MS).unref();
  };
  const orderStore = createOrderStore(sql, {
    findOutcomeWithinMs: config.timeouts.storeMs,
    onBatch: batches('orders'),
    onStored: wakeWebhooksSoon,
  });
  // Live updates: the bus between instances, the watches subscribers open, the tracking pages.
  const events = await composeEvents({ config, sql, log, metrics, rateLimit: parts.rateLimit ?? null });
  const life = composeLifecycle({
    config,
    sql,
    log,
    clock,
    roster,
    payments: providers.payments,
    notificationProviders: providers.notificationProviders,
    observeNotification: (parts.observers ?? providerObservers(metrics)).notification,
    findOperator: (id) => operatorStore.findById(id),
    legs: providers.fulfilment.legs,
    // Each change keeps the trace of the request that made it, for the spans of what it causes.
    traceparent: tracingOn() ? currentTraceparent : undefined,
    // Webhooks are sent soon from this instance; the others find them on their next poll.
    onCommitted: (notes) => {
      events.bus.publish(notes);
      wakeWebhooksSoon();
    },
  });
  const native = createNativeFulfilment(
    Object.assign(
      {
        orders: orderStore,
        events: createOrderEvents(sql),
        operators: roster,
        policy: config.policy,
        clock,
        newPaymentReference: randomUUID,
      },
      providers.fulfilment,
    ),
  );
  const orders = observedOrders(createOrderService({ fulfilment: gateway?.fulfilment ?? native, idempotency, clock }), metrics);
  // After a change, both faces answer the order as it then is, whoever owns it.
  const orderLife = gateway ? gatewayOrderLife : createOrderLife({ operations: life.operations, orders: orderStore });

  const webhooks = composeWebhooks(Object.assign({ config, sql, log, clock, metrics, orders: orderStore }, parts.webhooks));

  // In gateway mode without a token of its own, callers carry their Authorization to the legacy.
  const authenticate = gateway?.authenticate ?? verify;
  const graphql = createGraphqlFace({
    authenticate,
    services: { orders, operators, webhooks: webhooks.endpoints, life: orderLife, live: events.live },
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
    orders,
    orderActions: {
      cancel: cancelOrderAction({ life: orderLife, maxBodyBytes: config.maxBodyBytes, legacyPaymentField: config.legacyPaymentField }),
    },
    authenticate,
    log,
    maxBodyBytes: config.maxBodyBytes,
    legacyPaymentField: config.legacyPaymentField,
    sandbox: providers.sandbox,
    paymentNotifications: life.paymentNotifications,
    isReady: async () => !parts.draining?.() && (await answersWithin(parts.sql, READY_CHECK_MS)),
    upstreamState: gateway?.upstreamState,
    graphql,
    publicUrl: config.publicUrl,
    graphiql: config.graphql.graphiql,
    docs: config.apiDocs ? createDocsRoute({ graphiql: config.graphql.graphiql }) : undefined,
    corsOrigins: config.corsOrigins,
    rateLimit: parts.rateLimit ?? null,
    metrics,
    metricsPage: config.metricsPort === null ? metricsSource : undefined,
    tracking: events.tracking,
    endStreams: () => events.endStreams(graphql.closeSockets),
  });
  const purgeExpired = async () => {
    await idempotency.purge(clock());
    await rosterSync?.purge();
    await webhooks.endpoints.purge();
  };
  return {
    app,
    orders,
    operators,
    roster,
    rosterSync,
    purgeExpired,
    metrics,
    paymentNotifications: life.paymentNotifications,
    expireUnpaid: life.expireUnpaid,
    lifecycle: life,
    routing: providers.routing,
    webhooks,
    /**
     * Stops the payment timers and the webhooks' worker and closes the providers' pools, and in
     * gateway mode the legacy's connections once the calls under way are done; serve.ts calls
     * it at shutdown.
     */
    closeProviders: async () => {
      life.stop();
      await Promise.all([providers.close(), webhooks.close()]);
      await gateway?.close();
      await events.bus.close();
    },
  };
}
