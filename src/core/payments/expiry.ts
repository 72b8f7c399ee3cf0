import type { OrderPayments, PaymentProvider } from './ports.js';

export interface PaymentExpiryDeps {
  orders: OrderPayments;
  payments: PaymentProvider;
  clock: () => Date;
  /**
   * How long after its link's expiry an unpaid order is cancelled. A payment made just before
   * the expiry is notified and applied within seconds; the margin keeps the sweep from
   * cancelling an order whose payment is on its way.
   */
  graceMs: number;
  onProblem?: (problem: string, detail: Record<string, unknown>) => void;
}

const BATCH = 200;

/**
 * Cancels the orders left unpaid past their link's expiry, and voids their links (best effort:
 * an expired link is refused by the provider anyway). Safe on several instances at once: each
 * order is cancelled by one conditional write.
 */
export function createPaymentExpiry(deps: PaymentExpiryDeps) {
  return async function expireUnpaid(): Promise<number> {
    let cancelled = 0;
    for (;;) {
      const now = deps.clock();
      const expired = await deps.orders.expireUnpaid(new Date(now.getTime() - deps.graceMs), now, BATCH);
      await Promise.all(
        expired.map(({ reference, linkId }) =>
          Promise.resolve()
            .then(() => deps.payments.cancelPaymentLink(reference, linkId ?? undefined))
            .catch((error: unknown) => deps.onProblem?.('voiding an expired payment link failed', { reference, err: error })),
        ),
      );
      cancelled += expired.length;
      if (expired.length < BATCH) return cancelled;
    }
  };
}
