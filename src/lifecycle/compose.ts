import type { Logger } from 'pino';
import { every } from '../platform/every.js';
import type { Sql } from '../platform/store/sql.js';
import type { OnCommitted } from '../orders/domain/event-notes.js';
import type { Operator } from '../operators/domain/operator.js';
import type { OperatorIndex } from '../operators/domain/ports.js';
import type { LegEstimator } from '../orders/domain/routing.js';
import type { OrdersConfig } from '../orders/settings.js';
import type { PaymentProvider } from '../payments/domain/ports.js';
import type { Refund } from '../payments/domain/refunds.js';
import { createDispatch } from './domain/dispatch.js';
import { createLifecycle } from './domain/lifecycle.js';
import { createLifeOperations } from './domain/operations.js';
import { createOrderPayments } from './domain/paying.js';
import { createPartnerMoves } from './domain/partner-moves.js';
import { createTimers } from './domain/timers.js';
import type { LifecycleConfig } from './settings.js';
import { createDispatchStore } from './store/dispatch-store.js';
import { createLifecycleStore } from './store/lifecycle-store.js';
import { createTimerStore } from './store/order-timers.js';
import { createPartnerMoveStore } from './store/partner-move-store.js';

/** The settings the order's life reads: its own and the orders' dispatch radius. */
type Config = LifecycleConfig & Pick<OrdersConfig, 'policy'>;

// A moving operator's order changes at most this often; the phone reports more often.
const PARTNER_MOVE_INTERVAL_MS = 1_000;

export interface LifecycleParts {
  config: Config;
  sql: Sql;
  log: Logger;
  clock: () => Date;
  roster: Pick<OperatorIndex, 'nearest'>;
  /** Voids a cancelled order's payment link. */
  payments: Pick<PaymentProvider, 'cancelPaymentLink'>;
  /** Refunds an order cancelled after it was paid (payments' composition). */
  refund: Refund;
  traceparent?: () => string | null;
  /** The roster's operators, for the platform's assignments. */
  findOperator: (id: string) => Promise<Operator | null>;
  /** Estimates an operator's approach as it moves. */
  legs: LegEstimator;
  /** Told of every order event once committed (subscriptions, webhooks). */
  onCommitted?: OnCommitted;
}

/**
 * The order's life after its creation: the state machine over the store, offers to operators,
 * the partner's moves, the payment's side of it (for payments' notifications), and the orders'
 * timers, which drive them on every instance from start() to stop().
 */
export function composeLifecycle(parts: LifecycleParts) {
  const { config, sql, log, clock, payments, refund } = parts;
  const problem = (message: string, detail: Record<string, unknown>) => log.warn(detail, message);
  const store = createLifecycleStore(sql, parts.onCommitted);

  // What follows a change runs at once; should it fail or the process die, the order's timers redo it.
  const soon = (what: string, run: () => Promise<unknown>) => {
    run().catch((err: unknown) => log.warn({ err }, what));
  };
  const lifecycle = createLifecycle({
    store,
    policy: config.lifecycle,
    clock,
    traceparent: parts.traceparent,
    after: {
      dispatch: (order) => soon('offering an order failed', () => dispatch.dispatch(order)),
      refund: (orderId) => soon('refunding an order failed', () => refund(orderId)),
      voidLink: (reference, linkId) => soon('voiding a payment link failed', () => payments.cancelPaymentLink(reference, linkId ?? undefined)),
    },
  });
  const dispatch = createDispatch({
    store: createDispatchStore(sql),
    orders: store,
    roster: parts.roster,
    policy: { radiusMetres: config.policy.dispatchRadiusMetres, offerTimeoutMs: config.lifecycle.offerTimeoutMs, retryMs: config.lifecycle.offerRetryMs },
    clock,
  });
  const timers = createTimers({ store: createTimerStore(sql), lifecycle, dispatch: dispatch.dispatch, refund, clock, onProblem: problem });
  const partnerMoves = createPartnerMoves({
    store: createPartnerMoveStore(sql, parts.onCommitted),
    legs: parts.legs,
    clock,
    minIntervalMs: PARTNER_MOVE_INTERVAL_MS,
    onProblem: problem,
  });

  // Every instance runs them; each timer and order is taken by one (see the stores).
  let running: NodeJS.Timeout | undefined;
  return {
    lifecycle,
    dispatch,
    operations: createLifeOperations({ lifecycle, dispatch, findOperator: parts.findOperator, legs: parts.legs }),
    /** The payment's side of the order's life: a verified payment moves its order, an unpaid one expires. */
    orderPayments: createOrderPayments({ lifecycle, store, clock }),
    runTimers: timers.runDue,
    partnerMoved: partnerMoves.moved,
    /** Runs the orders' due timers every ORDER_TIMERS_POLL_MS. */
    start: () => {
      running ??= every(config.lifecycle.timersPollMs, timers.runDue, (err) => log.warn({ err }, 'running order timers failed'));
    },
    stop: () => {
      clearInterval(running);
      partnerMoves.stop();
    },
  };
}

export type LifecycleComposition = ReturnType<typeof composeLifecycle>;
