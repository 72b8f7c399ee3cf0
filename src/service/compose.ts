import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createGraphqlFace } from '../graphql/face.js';
import { loadGraphiqlAssets } from '../graphql/graphiql-assets.js';
import { createApp } from '../http/router.js';
import type { Config } from '../config.js';
import { createTokenVerifier } from '../auth/verify-token.js';
import { createOrderService } from '../core/create-order.js';
import { createNativeFulfilment } from '../core/native-fulfilment.js';
import { createOperatorService } from '../core/operator-service.js';
import { createPaymentExpiry } from '../core/payment-expiry.js';
import { createPaymentNotifications } from '../core/payment-notifications.js';
import type { PaymentProvider } from '../core/ports.js';
import { createLegEstimator } from '../core/routing.js';
import { every } from '../every.js';
import { createPaymentStack } from '../payments/payment-stack.js';
import { deriveSandboxSecret } from '../payments/sandbox-notifications.js';
import { createRoutingStack } from '../routing/routing-stack.js';
import { createRosterSync } from '../roster/roster-sync.js';
import { createSpatialRoster } from '../roster/spatial-roster.js';
import { migrate } from '../store/migrate.js';
import { createOperatorStore } from '../store/operator-store.js';
import { createIdempotencyStore } from '../store/idempotency-store.js';
import { createNotificationInbox } from '../store/notification-inbox.js';
import { createOrderPaymentsStore } from '../store/order-payments-store.js';
import { createOrderStore } from '../store/order-store.js';
import { createSandboxLinkStore } from '../store/sandbox-link-store.js';
import { createRosterChangeLog } from '../store/roster-changes.js';
import { seedDemoOperators } from './seed-demo-operators.js';
import type { Sql } from '../store/sql.js';
import type { ProviderObservers } from './provider-observers.js';

// A write to the roster commits within a second or two of taking its change number; one still
// unseen after this long has rolled back.
const ROSTER_GAP_TIMEOUT_MS = 30_000;
// /readyz answers within this, whatever the store's deadline: probes time out in a second or two.
const READY_CHECK_MS = 1_500;
// An unpaid order is cancelled this long after its link expired: a payment made at the last
// moment is notified and applied within seconds, well before.
const PAYMENT_EXPIRY_GRACE_MS = 2 * 60_000;
const PAYMENT_EXPIRY_SWEEP_MS = 60_000;

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
  clock?: () => Date;
  /** What the providers' adapters report, for metrics. */
  observers?: ProviderObservers;
}

/** Migrates and seeds the store, loads the roster and wires the core to its adapters and edges. */
export async function composeService(parts: ServiceParts) {
  const { config, sql, log } = parts;
  const clock = parts.clock ?? (() => new Date());
  const applied = await migrate(sql);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const operatorStore = createOperatorStore(sql);
  if (config.seedDemoOperators) {
    const seeded = await seedDemoOperators(operatorStore, clock());
    if (seeded) log.info({ seeded }, 'demo operators seeded into an empty roster');
  }
  const roster = createSpatialRoster();
  // Other instances on a shared database write to the roster too: follow them from the change
  // log, starting from before the roster is read so that nothing written meanwhile is missed.
  const rosterSync = config.databaseUrl
    ? createRosterSync({ changes: createRosterChangeLog(sql), store: operatorStore, index: roster, gapTimeoutMs: ROSTER_GAP_TIMEOUT_MS })
    : null;
  await rosterSync?.start();
  await roster.load(operatorStore.placements());
  log.info({ operators: roster.size() }, 'roster loaded');
  const operators = createOperatorService({
    store: operatorStore,
    index: roster,
    clock,
    dispatchRadiusMetres: config.policy.dispatchRadiusMetres,
  });

  // A create takes milliseconds; a claim still without its order after a minute was left by a
  // process that died, and its key may be taken by the client's next retry.
  const idempotency = createIdempotencyStore(sql, { staleAfterMs: 60_000, keepForMs: config.idempotencyKeyTtlMs });
  await idempotency.purge(clock());

  const observers = parts.observers ?? {};
  const routing = createRoutingStack(config.routing, { call: observers.routingCall, cache: observers.routeCache });
  const legs = createLegEstimator({
    provider: routing.provider,
    deadlineMs: config.routing.deadlineMs,
    travel: config.policy.travel,
    observe: observers.routingLeg,
  });
  const problem = (message: string, detail: Record<string, unknown>) => log.warn(detail, message);
  const paymentStack = createPaymentStack({
    settings: config.payments,
    publicUrl: config.publicUrl,
    links: createSandboxLinkStore(sql),
    // Instances that share the HS256 secret share this one; with JWKS alone, it is this process's.
    sandboxSecret: config.payments.sandbox.secret ?? deriveSandboxSecret(parts.secret ?? randomBytes(32).toString('hex')),
    clock,
    observe: observers.paymentCall,
    onProblem: problem,
  });
  const payments = parts.payments ?? paymentStack.provider;
  const native = createNativeFulfilment({
    orders: createOrderStore(sql, { findOutcomeWithinMs: config.timeouts.storeMs }),
    operators: roster,
    payments,
    policy: config.policy,
    clock,
    newPaymentReference: randomUUID,
    legs,
    paymentDeadlineMs: config.payments.timeoutMs,
    ...(config.payments.linkTtlMs ? { paymentLinkTtlMs: config.payments.linkTtlMs } : {}),
  });
  const orderPayments = createOrderPaymentsStore(sql);
  const paymentNotifications = createPaymentNotifications({
    inbox: createNotificationInbox(sql),
    orders: orderPayments,
    providers: paymentStack.notificationProviders,
    clock,
    readDeadlineMs: config.payments.timeoutMs,
    observe: observers.notification,
    onProblem: problem,
  });
  const expireUnpaid = createPaymentExpiry({ orders: orderPayments, payments, clock, graceMs: PAYMENT_EXPIRY_GRACE_MS, onProblem: problem });
  // Due notifications (retries) and the expiry sweep run on every instance; each entry and each
  // order is taken by one of them (see the stores' statements).
  const paymentTimers = [
    every(config.payments.pollMs, paymentNotifications.drain, (err) => log.warn({ err }, 'processing payment notifications failed')),
    every(PAYMENT_EXPIRY_SWEEP_MS, expireUnpaid, (err) => log.warn({ err }, 'cancelling expired unpaid orders failed')),
  ];
  /** Stops the payment timers and closes the providers' connection pools: at shutdown. */
  const closeProviders = async () => {
    paymentTimers.forEach(clearInterval);
    await Promise.all([routing.close(), paymentStack.close()]);
  };
  const orders = createOrderService({ fulfilment: native, idempotency, clock });

  const authenticate = createTokenVerifier({ secret: parts.secret, ...config.auth });
  const graphql = createGraphqlFace({
    authenticate,
    services: { orders, operators },
    log,
    maxBodyBytes: config.maxBodyBytes,
    posture: config.graphql,
    graphiqlToken: parts.graphiqlToken,
    graphiql: config.graphql.graphiql ? await loadGraphiqlAssets() : null,
  });
  const app = createApp({
    orders,
    authenticate,
    log,
    maxBodyBytes: config.maxBodyBytes,
    legacyPaymentField: config.legacyPaymentField,
    sandbox: paymentStack.sandbox && Object.assign({ clock }, paymentStack.sandbox),
    paymentNotifications,
    isReady: () => answersWithin(sql, READY_CHECK_MS),
    graphql,
    publicUrl: config.publicUrl,
    graphiql: config.graphql.graphiql,
    corsOrigins: config.corsOrigins,
  });
  const purgeExpired = async () => {
    await idempotency.purge(clock());
    await rosterSync?.purge();
  };
  return {
    app,
    orders,
    operators,
    roster,
    rosterSync,
    purgeExpired,
    paymentNotifications,
    expireUnpaid,
    routing,
    closeProviders,
  };
}
