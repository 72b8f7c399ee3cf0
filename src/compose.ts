import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createTokenVerifier } from './auth/verify-token.js';
import { createOrderService } from './core/create-order.js';
import { createOperatorRoster } from './core/operator-roster.js';
import type { PaymentProvider } from './core/ports.js';
import { createSandboxPayments } from './payments/sandbox.js';
import { migrate } from './store/migrate.js';
import { createOperatorStore } from './store/operator-store.js';
import { createOrderStore } from './store/order-store.js';
import { seedDemoOperators } from './store/seed.js';
import type { Sql } from './store/sql.js';

export interface ServiceParts {
  config: Config;
  sql: Sql;
  log: Logger;
  /** HS256 secret in force (configured or development); null when only a JWKS is used. */
  secret: string | null;
  graphiqlToken?: string;
  payments?: PaymentProvider;
  clock?: () => Date;
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
  const roster = createOperatorRoster(await operatorStore.all());

  const orders = createOrderService({
    orders: createOrderStore(sql),
    operators: roster,
    payments: parts.payments ?? createSandboxPayments(config.publicUrl),
    policy: config.policy,
    clock,
    newPaymentReference: randomUUID,
  });

  const app = createApp({
    orders,
    authenticate: createTokenVerifier({ ...config.auth, secret: parts.secret }),
    log,
    maxBodyBytes: config.maxBodyBytes,
    legacyPaymentField: config.legacyPaymentField,
    isReady: () => sql.query('select 1').then(() => true, () => false),
    graphiqlToken: parts.graphiqlToken,
  });
  return { app, orders, roster };
}
