import type { Logger } from 'pino';
import { every } from '../platform/every.js';
import type { Sql } from '../platform/store/sql.js';
import type { OnCommitted } from '../orders/domain/event-notes.js';
import { createPaymentExpiry } from './domain/expiry.js';
import { createPaymentNotifications, type NotificationEvent, type NotificationProvider } from './domain/notifications.js';
import type { OrderPayments, PaymentProvider } from './domain/ports.js';
import { createRefunds } from './domain/refunds.js';
import type { PaymentsConfig } from './settings.js';
import { createNotificationInbox } from './store/notification-inbox.js';
import { createRefundStore } from './store/refund-store.js';

// An unpaid order is cancelled this long after its link expired: a payment made at the last
// moment is notified and applied within seconds, well before.
const PAYMENT_EXPIRY_GRACE_MS = 2 * 60_000;
const PAYMENT_EXPIRY_SWEEP_MS = 60_000;

export interface PaymentsParts {
  config: PaymentsConfig;
  sql: Sql;
  log: Logger;
  clock: () => Date;
  payments: PaymentProvider;
  /** Each provider's notifications, by the name in their route. */
  notificationProviders: Record<string, NotificationProvider>;
  /** Told of each payment notification received, for the metrics. */
  observeNotification?: (event: NotificationEvent, provider: string) => void;
  /** Told of every order event once committed (a refund's). */
  onCommitted?: OnCommitted;
}

/**
 * Payments after the link: refunds owed (made here, before the order's life, which takes them as
 * a port), then, once the order's side of a payment exists (`follow`), the providers'
 * notifications and the expiry of unpaid orders, each on its period from start() to stop().
 */
export function composePayments(parts: PaymentsParts) {
  const { config, sql, log, clock } = parts;
  const problem = (message: string, detail: Record<string, unknown>) => log.warn(detail, message);
  const refund = createRefunds({
    store: createRefundStore(sql, parts.onCommitted),
    payments: parts.payments,
    clock,
    deadlineMs: config.payments.timeoutMs,
    onProblem: problem,
  });

  /** The notifications and the expiry, over the order's side of a payment (the order's life's). */
  function follow(orders: OrderPayments) {
    const notifications = createPaymentNotifications({
      inbox: createNotificationInbox(sql),
      orders,
      providers: parts.notificationProviders,
      clock,
      readDeadlineMs: config.payments.timeoutMs,
      observe: parts.observeNotification,
      onProblem: problem,
    });
    const expireUnpaid = createPaymentExpiry({ orders, clock, graceMs: PAYMENT_EXPIRY_GRACE_MS });
    // Every instance runs them; each notification and order is taken by one (see the stores).
    let running: NodeJS.Timeout[] = [];
    return {
      notifications,
      expireUnpaid,
      start: () => {
        if (running.length) return;
        running = [
          every(config.payments.pollMs, notifications.drain, (err) => log.warn({ err }, 'processing payment notifications failed')),
          every(PAYMENT_EXPIRY_SWEEP_MS, expireUnpaid, (err) => log.warn({ err }, 'cancelling expired unpaid orders failed')),
        ];
      },
      stop: () => running.forEach(clearInterval),
    };
  }

  return { refund, follow };
}
