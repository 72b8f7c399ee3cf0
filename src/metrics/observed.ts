import type { OrderService } from '../core/create-order.js';
import { ServiceError, StoreUnavailableError } from '../core/errors.js';
import type { PaymentProvider } from '../core/ports.js';
import type { Sql } from '../store/sql.js';
import { StatementOutcomeUnknownError } from '../store/statement-outcome.js';
import { secondsSince, type Metrics } from './metrics.js';

// Decorators that count and time what passes through a port, without the port knowing.

const codeOf = (error: unknown) => (error instanceof ServiceError ? error.code : 'INTERNAL');

/** createOrder's outcomes, whichever face asked. */
export function observedOrders(orders: OrderService, metrics: Metrics): OrderService {
  return {
    findOrder: orders.findOrder,
    async createOrder(caller, input, idempotent) {
      try {
        const order = await orders.createOrder(caller, input, idempotent);
        metrics.orders.inc({ code: 'OK' });
        return order;
      } catch (error) {
        metrics.orders.inc({ code: codeOf(error) });
        throw error;
      }
    },
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

/** The payment provider's calls, timed, by outcome. */
export function observedPayments(provider: PaymentProvider, metrics: Metrics): PaymentProvider {
  const timed = async <T>(operation: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      const result = await run();
      metrics.payments.observe({ operation, outcome: 'ok' }, secondsSince(start));
      return result;
    } catch (error) {
      metrics.payments.observe({ operation, outcome: 'error' }, secondsSince(start));
      throw error;
    }
  };
  return Object.assign(Object.create(provider) as PaymentProvider, {
    createPaymentLink: (request: Parameters<PaymentProvider['createPaymentLink']>[0]) =>
      timed('create', () => provider.createPaymentLink(request)),
    cancelPaymentLink: (reference: string) => timed('cancel', () => provider.cancelPaymentLink(reference)),
  });
}
