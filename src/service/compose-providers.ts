import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createPaymentExpiry } from '../core/payments/expiry.js';
import { createPaymentNotifications } from '../core/payments/notifications.js';
import type { PaymentProvider } from '../core/payments/ports.js';
import { createLegEstimator } from '../core/estimate/routing.js';
import { every } from '../every.js';
import { createPaymentStack } from '../payments/payment-stack.js';
import { deriveSandboxSecret } from '../payments/sandbox-notifications.js';
import { createRoutingStack } from '../routing/routing-stack.js';
import { createNotificationInbox } from '../store/notification-inbox.js';
import { createOrderPaymentsStore } from '../store/order-payments-store.js';
import { createSandboxLinkStore } from '../store/sandbox-link-store.js';
import type { Sql } from '../store/sql.js';
import type { ProviderObservers } from '../metrics/provider-observers.js';

// An unpaid order is cancelled this long after its link expired: a payment made at the last
// moment is notified and applied within seconds, well before.
const PAYMENT_EXPIRY_GRACE_MS = 2 * 60_000;
const PAYMENT_EXPIRY_SWEEP_MS = 60_000;

export interface ProviderParts {
  config: Config;
  sql: Sql;
  log: Logger;
  clock: () => Date;
  /** The HS256 secret in force, from which the sandbox's notification secret is derived. */
  secret: string | null;
  /** Replaces the configured payment provider (tests). */
  payments?: PaymentProvider;
  observers?: ProviderObservers;
}

/**
 * The routing and payment providers as configured, and what follows an order's payment: the
 * notifications (received by the route, processed now and on a timer) and the expiry sweep.
 */
export function composeProviders(parts: ProviderParts) {
  const { config, sql, log, clock } = parts;
  const observers = parts.observers ?? {};
  const problem = (message: string, detail: Record<string, unknown>) => log.warn(detail, message);

  const routing = createRoutingStack(config.routing, { call: observers.routingCall, cache: observers.routeCache });
  const legs = createLegEstimator({
    provider: routing.provider,
    deadlineMs: config.routing.deadlineMs,
    travel: config.policy.travel,
    observe: observers.routingLeg,
  });

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
  const timers = [
    every(config.payments.pollMs, paymentNotifications.drain, (err) => log.warn({ err }, 'processing payment notifications failed')),
    every(PAYMENT_EXPIRY_SWEEP_MS, expireUnpaid, (err) => log.warn({ err }, 'cancelling expired unpaid orders failed')),
  ];

  return {
    routing,
    /** What the native fulfilment takes from the providers. */
    fulfilment: {
      legs,
      payments,
      paymentDeadlineMs: config.payments.timeoutMs,
      ...(config.payments.linkTtlMs ? { paymentLinkTtlMs: config.payments.linkTtlMs } : {}),
    },
    /** The sandbox's page, Pay and Cancel; null when another provider is configured. */
    sandbox: paymentStack.sandbox && Object.assign({ clock }, paymentStack.sandbox),
    paymentNotifications,
    expireUnpaid,
    /** Stops the payment timers and closes the providers' connection pools: at shutdown. */
    async close() {
      timers.forEach(clearInterval);
      await Promise.all([routing.close(), paymentStack.close()]);
    },
  };
}

export type Providers = ReturnType<typeof composeProviders>;
