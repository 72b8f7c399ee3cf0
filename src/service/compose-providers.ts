import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { PaymentProvider } from '../payments/domain/ports.js';
import { createLegEstimator } from '../orders/domain/routing.js';
import { createPaymentStack } from '../payments/providers/payment-stack.js';
import { deriveSandboxSecret } from '../payments/providers/sandbox-notifications.js';
import { createRoutingStack } from '../orders/routing/routing-stack.js';
import { createSandboxLinkStore } from '../payments/store/sandbox-link-store.js';
import type { Sql } from '../platform/store/sql.js';
import type { ProviderObservers } from './provider-observers.js';

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

/** The routing and payment providers as configured. */
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
    payments,
    /** Each provider's notifications, by the name in their route. */
    notificationProviders: paymentStack.notificationProviders,
    /** Closes the providers' connection pools: at shutdown. */
    async close() {
      await Promise.all([routing.close(), paymentStack.close()]);
    },
  };
}

export type Providers = ReturnType<typeof composeProviders>;
