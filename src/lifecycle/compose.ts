import type { Logger } from 'pino';
import type { LifecycleConfig } from './settings.js';
import type { OrdersConfig } from '../orders/settings.js';
import type { PaymentsConfig } from '../payments/settings.js';

/** The settings the order's life reads: its own, the orders' dispatch radius, the payments' deadlines. */
type Config = LifecycleConfig & Pick<OrdersConfig, 'policy'> & PaymentsConfig;
import { createDispatch } from './domain/dispatch.js';
import { createLifecycle } from './domain/lifecycle.js';
import { createOrderPayments } from './domain/paying.js';
import { createTimers } from './domain/timers.js';
import { createPartnerMoves } from './domain/partner-moves.js';
import type { LegEstimator } from '../orders/domain/routing.js';
import type { OnCommitted } from '../live-updates/domain/ports.js';
import { createPartnerMoveStore } from './store/partner-move-store.js';
import type { Operator } from '../operators/domain/operator.js';
import type { OperatorIndex } from '../operators/domain/ports.js';
import { createLifeOperations } from './domain/operations.js';
import { createPaymentExpiry } from '../payments/domain/expiry.js';
import { createPaymentNotifications, type NotificationEvent, type NotificationProvider } from '../payments/domain/notifications.js';
import type { PaymentProvider } from '../payments/domain/ports.js';
import { createRefunds } from '../payments/domain/refunds.js';
import { every } from '../platform/every.js';
import { createDispatchStore } from './store/dispatch-store.js';
import { createLifecycleStore } from './store/lifecycle-store.js';
import { createNotificationInbox } from '../payments/store/notification-inbox.js';
import { createTimerStore } from './store/order-timers.js';
import { createRefundStore } from '../payments/store/refund-store.js';
import type { Sql } from '../platform/store/sql.js';

// An unpaid order is cancelled this long after its link expired: a payment made at the last
// moment is notified and applied within seconds, well before.
const PAYMENT_EXPIRY_GRACE_MS = 2 * 60_000;
const PAYMENT_EXPIRY_SWEEP_MS = 60_000;

export interface LifecycleParts {
  config: Config;
  sql: Sql;
  log: Logger;
  clock: () => Date;
  roster: Pick<OperatorIndex, 'nearest'>;
  payments: PaymentProvider;
  notificationProviders: Record<string, NotificationProvider>;
  /** Told of each payment notification received, for the metrics. */
  observeNotification?: (event: NotificationEvent, provider: string) => void;
  traceparent?: () => string | null;
  /** The roster's operators, for the platform's assignments. */
  findOperator: (id: string) => Promise<Operator | null>;
  /** Estimates an operator's approach as it moves. */
  legs: LegEstimator;
  /** Told of every order event once committed (subscriptions, webhooks). */
  onCommitted?: OnCommitted;
}

// A moving operator's order changes at most this often; the phone reports more often.
const PARTNER_MOVE_INTERVAL_MS = 1_000;

/**
 * The order's life after its creation: the state machine over the store, the payment that
 * starts it, offers to operators, refunds, and the timers that drive them on every instance.
 */
export function composeLifecycle(parts: LifecycleParts) {
  const { config, sql, log, clock, payments } = parts;
  const problem = (message: string, detail: Record<string, unknown>) => log.warn(detail, message);
  const store = createLifecycleStore(sql, parts.onCommitted);
  const refund = createRefunds({ store: createRefundStore(sql, parts.onCommitted), payments, clock, deadlineMs: config.payments.timeoutMs, onProblem: problem });

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

  const orderPayments = createOrderPayments({ lifecycle, store, clock });
  const paymentNotifications = createPaymentNotifications({
    inbox: createNotificationInbox(sql),
    orders: orderPayments,
    providers: parts.notificationProviders,
    clock,
    readDeadlineMs: config.payments.timeoutMs,
    observe: parts.observeNotification,
    onProblem: problem,
  });
  const expireUnpaid = createPaymentExpiry({ orders: orderPayments, clock, graceMs: PAYMENT_EXPIRY_GRACE_MS });

  // Every instance runs them; each notification, timer and order is taken by one (see the stores).
  let running: NodeJS.Timeout[] = [];
  return {
    lifecycle,
    dispatch,
    operations: createLifeOperations({ lifecycle, dispatch, findOperator: parts.findOperator, legs: parts.legs }),
    paymentNotifications,
    expireUnpaid,
    runTimers: timers.runDue,
    partnerMoved: partnerMoves.moved,
    /** Processes payment notifications, cancels expired unpaid orders and runs the orders' timers, each on its period. */
    start: () => {
      if (running.length) return;
      running = [
        every(config.payments.pollMs, paymentNotifications.drain, (err) => log.warn({ err }, 'processing payment notifications failed')),
        every(PAYMENT_EXPIRY_SWEEP_MS, expireUnpaid, (err) => log.warn({ err }, 'cancelling expired unpaid orders failed')),
        every(config.lifecycle.timersPollMs, timers.runDue, (err) => log.warn({ err }, 'running order timers failed')),
      ];
    },
    stop: () => {
      running.forEach(clearInterval);
      partnerMoves.stop();
    },
  };
}

export type LifecycleComposition = ReturnType<typeof composeLifecycle>;
