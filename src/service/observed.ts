import type { OrderService } from '../orders/domain/create-order.js';
import { ServiceError, StoreUnavailableError } from '../platform/errors.js';
import type { GatewayObserver } from '../gateway/domain/ports.js';
import type { BreakerState } from '../gateway/legacy/breaker.js';
import type { ProviderObservers } from './provider-observers.js';
import type { Sql } from '../platform/store/sql.js';
import { StatementOutcomeUnknownError } from '../platform/store/statement-outcome.js';
import { secondsSince, type Metrics } from '../platform/metrics/metrics.js';

// Decorators that count and time what passes through a port, without the port knowing.

const OK = { code: 'OK' };
const codeOf = (error: unknown) => (error instanceof ServiceError ? error.code : 'INTERNAL');

/** createOrder's outcomes, whichever face asked. */
export function observedOrders(orders: OrderService, metrics: Metrics): OrderService {
  return {
    ...orders,
    createOrder: (caller, input, idempotent) =>
      orders.createOrder(caller, input, idempotent).then(
        (order) => {
          metrics.orders.inc(OK);
          return order;
        },
        (error: unknown) => {
          metrics.orders.inc({ code: codeOf(error) });
          throw error;
        },
      ),
  };
}

function statementOutcome(error: unknown): string {
  if (error instanceof StatementOutcomeUnknownError) return 'unknown';
  return error instanceof StoreUnavailableError ? 'unavailable' : 'error';
}

/** Every statement's time and outcome; a transaction counts as one. */
export function observedSql<S extends Sql>(sql: S, metrics: Metrics): S {
  const timed = <T>(run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    return run().then(
      (result) => {
        metrics.statements.observe({ outcome: 'ok' }, secondsSince(start));
        return result;
      },
      (error: unknown) => {
        metrics.statements.observe({ outcome: statementOutcome(error) }, secondsSince(start));
        throw error;
      },
    );
  };
  return Object.assign(Object.create(sql) as S, {
    query: ((text, params, options) => timed(() => sql.query(text, params, options))) as Sql['query'],
    exec: (text: string) => timed(() => sql.exec(text)),
    transaction: (<T>(fn: (tx: Sql) => Promise<T>) => timed(() => sql.transaction(fn))) as Sql['transaction'],
  });
}

/** What the routing and payment adapters report (see provider-observers.ts), as metrics. */
export function providerObservers(metrics: Metrics): ProviderObservers {
  return {
    routingCall: (provider, outcome, ms) => metrics.routing.observe({ provider, outcome }, ms / 1000),
    routingLeg: (leg) => metrics.legs.inc({ source: leg.source, fallback: leg.fallback ?? 'none' }),
    routeCache: (hit) => metrics.routeCache.inc({ result: hit ? 'hit' : 'miss' }),
    paymentCall: (provider, operation, outcome, ms) => metrics.payments.observe({ provider, operation, outcome }, ms / 1000),
    notification: (event, provider) => metrics.notifications.inc({ provider, event }),
  };
}

/** What gateway mode reports of its legacy calls, as metrics. */
export function gatewayObserver(metrics: Metrics): GatewayObserver & { breaker(state: BreakerState): void } {
  return {
    call: (outcome, ms) => metrics.legacyCalls.observe({ outcome }, ms / 1000),
    correction: (field) => metrics.legacyCorrections.inc({ field }),
    breaker: (state) => metrics.legacyBreaker.inc({ state }),
  };
}
