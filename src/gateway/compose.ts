import type { Logger } from 'pino';
import type { Authenticate } from '../platform/tokens/verify-token.js';
import type { UpstreamConfig } from './settings.js';
import { createGatewayFulfilment } from './domain/fulfilment.js';
import type { GatewayObserver } from './domain/ports.js';
import { createGatewayIdempotencyStore } from './store/gateway-idempotency-store.js';
import { createGatewayOrderStore } from './store/gateway-order-store.js';
import type { Sql } from '../platform/store/sql.js';
import type { BreakerState } from './legacy/breaker.js';
import { createLegacyClient } from './legacy/legacy-client.js';

// Past the deadline of its legacy call and the write that keeps its order, a claim still without
// an order was left by a process that died mid-call. A minute beyond the deadline, as native mode
// gives its own claims, is more than any write takes.
const UNSETTLED_MARGIN_MS = 60_000;

export interface GatewayPartsDeps {
  upstream: UpstreamConfig;
  sql: Sql;
  log: Logger;
  clock: () => Date;
  /** CURRENCY: the legacy's amounts are read in it. */
  currency: string;
  idempotencyKeyTtlMs: number;
  authenticate: Authenticate;
  /** What a metrics registry counts of the legacy calls; see GatewayObserver. */
  observe?: GatewayObserver & { breaker?(state: BreakerState): void };
}

/**
 * Gateway mode's side of the composition: the legacy client (kept-alive, pooled connections
 * behind a circuit breaker), the fulfilment that forwards orders to it, the keys that survive
 * the process, and the caller's Authorization carried along when no token of ours is set.
 */
export function createGatewayParts(deps: GatewayPartsDeps) {
  const { upstream, log } = deps;
  const legacy = createLegacyClient({
    baseUrl: upstream.url,
    token: upstream.token,
    timeoutMs: upstream.timeoutMs,
    paymentField: upstream.paymentField,
    onBreakerChange: (state) => {
      if (state === 'open') log.warn({ state }, 'the legacy service keeps failing: calls fail fast until a probe finds it back');
      else log.info({ state }, 'legacy service circuit breaker');
      deps.observe?.breaker?.(state);
    },
  });
  const idempotency = createGatewayIdempotencyStore(deps.sql, {
    unsettledAfterMs: upstream.timeoutMs + UNSETTLED_MARGIN_MS,
    keepForMs: deps.idempotencyKeyTtlMs,
  });
  const fulfilment = createGatewayFulfilment({
    legacy,
    orders: createGatewayOrderStore(deps.sql),
    keys: idempotency,
    currency: deps.currency,
    paymentField: upstream.paymentField,
    log,
    clock: deps.clock,
    observe: deps.observe,
  });
  // Forwarded unchanged, as the caller sent it; only when the gateway has no token of its own.
  const authenticate: Authenticate = upstream.token
    ? deps.authenticate
    : async (authorization) => ({ authorization: authorization ?? null, ...(await deps.authenticate(authorization)) });

  return { fulfilment, idempotency, authenticate, upstreamState: legacy.breakerState, close: legacy.close };
}
