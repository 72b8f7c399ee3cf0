import { randomUUID } from 'node:crypto';
import type { PlatformConfig } from '../platform/config/platform.js';
import { createSignal } from '../platform/signal.js';
import type { Sql } from '../platform/store/sql.js';
import type { OperatorLocator } from './domain/operator-locator.js';
import { createOrderService } from './domain/create-order.js';
import type { Fulfilment } from './domain/fulfilment.js';
import type { IdempotencyStore } from './domain/idempotency.js';
import { createNativeFulfilment, type NativeFulfilmentDeps } from './domain/native-fulfilment.js';
import type { OrdersConfig } from './settings.js';
import { createIdempotencyStore } from './store/idempotency-store.js';
import { createOrderEvents } from './store/order-events.js';
import { createOrderStore } from './store/order-store.js';

type Config = OrdersConfig & Pick<PlatformConfig, 'timeouts'>;

/** Keys that can forget what they have kept long enough. */
type PurgedKeys = IdempotencyStore & { purge(now: Date): Promise<unknown> };

export interface OrdersParts {
  config: Config;
  sql: Sql;
  clock: () => Date;
  /** Where the nearest available operator is found. */
  operators: OperatorLocator;
  /** What the native fulfilment takes from the providers: road legs, the payment provider, its deadlines. */
  providers: Pick<NativeFulfilmentDeps, 'legs' | 'payments' | 'paymentDeadlineMs' | 'paymentLinkTtlMs'>;
  /** In gateway mode, the orders are made elsewhere: its fulfilment and its keys. */
  madeElsewhere?: { fulfilment: Fulfilment; idempotency: PurgedKeys } | null;
  /** Told the size of each batch of orders written together, for the metrics. */
  onBatch?: (size: number) => void;
}

/**
 * Orders made, quoted and read: the store (one insert per batch, with each order's creation event),
 * the Idempotency-Key claims, the native fulfilment (estimate, payment link, store) and the
 * create-order use case over it. Announces each batch stored (`stored`), whose creation events
 * are then in the outbox.
 */
export async function composeOrders(parts: OrdersParts) {
  const { config, sql, clock } = parts;
  const stored = createSignal<[]>();
  const store = createOrderStore(sql, { findOutcomeWithinMs: config.timeouts.storeMs, onBatch: parts.onBatch, onStored: stored.emit });
  // A create takes milliseconds; a claim still without its order after a minute was left by a
  // process that died, and its key may be taken by the client's next retry.
  const idempotency: PurgedKeys =
    parts.madeElsewhere?.idempotency ?? createIdempotencyStore(sql, { staleAfterMs: 60_000, keepForMs: config.idempotencyKeyTtlMs });
  await idempotency.purge(clock());
  const native = createNativeFulfilment(
    Object.assign(
      { orders: store, events: createOrderEvents(sql), operators: parts.operators, policy: config.policy, clock, newPaymentReference: randomUUID },
      parts.providers,
    ),
  );
  return {
    store,
    native,
    service: createOrderService({ fulfilment: parts.madeElsewhere?.fulfilment ?? native, idempotency, clock }),
    /** A batch of orders was stored, their creation events with them. */
    stored,
    /** Forgets the keys kept past IDEMPOTENCY_KEY_TTL_HOURS. */
    purge: () => idempotency.purge(clock()),
  };
}

export type Orders = Awaited<ReturnType<typeof composeOrders>>;
