import type { OrderPayments } from './ports.js';

export interface PaymentExpiryDeps {
  orders: Pick<OrderPayments, 'expireUnpaid'>;
  clock: () => Date;
  /**
   * How long after its link's expiry an unpaid order is cancelled. A payment made just before
   * the expiry is notified and applied within seconds; the margin keeps the sweep from
   * cancelling an order whose payment is on its way.
   */
  graceMs: number;
}

const BATCH = 200;

/**
 * Cancels the orders left unpaid past their link's expiry; each cancellation voids its link (see
 * the lifecycle's `expire`). Safe on several instances at once: each order is cancelled by one
 * conditional write.
 */
export function createPaymentExpiry(deps: PaymentExpiryDeps) {
  return async function expireUnpaid(): Promise<number> {
    let cancelled = 0;
    for (;;) {
      const swept = await deps.orders.expireUnpaid(new Date(deps.clock().getTime() - deps.graceMs), BATCH);
      cancelled += swept;
      if (swept < BATCH) return cancelled;
    }
  };
}
