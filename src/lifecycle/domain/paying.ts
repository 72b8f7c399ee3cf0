import type { MarkPaidOutcome, OrderPayments, PaidAmount } from '../../payments/domain/ports.js';
import { PAYMENT, TIMER } from '../../orders/domain/actors.js';
import { InvalidTransitionError } from './errors.js';
import type { Lifecycle } from './lifecycle.js';
import type { LifecycleStore } from './ports.js';

/**
 * The payment's side of the order's life: a verified payment moves the order from
 * pending_payment to pending_partner (the `pay` transition), and an order left unpaid past its
 * link's expiry is cancelled (`expire`). A payment that arrives for an order cancelled before it
 * was paid is refunded in full: the customer paid for nothing.
 */
export function createOrderPayments(deps: { lifecycle: Lifecycle; store: LifecycleStore; clock: () => Date }): OrderPayments {
  const { lifecycle, store } = deps;

  async function markPaid(reference: string, paid: PaidAmount, now: Date): Promise<MarkPaidOutcome> {
    const order = await store.loadByPaymentReference(reference);
    if (!order) return 'no_order';
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded' || order.paymentStatus === 'refund_pending') {
      return 'already_paid';
    }
    if (paid.amount !== order.totalAmount || paid.currency !== order.currency) return 'amount_mismatch';
    const applied = { providerPaymentId: paid.providerPaymentId, amount: paid.amount, currency: paid.currency };
    if (order.step === 'pending_payment') {
      try {
        const { changed } = await lifecycle.move(order.id, 'pay', PAYMENT, { paid: applied });
        if (changed) return 'applied';
      } catch (error) {
        if (!(error instanceof InvalidTransitionError)) throw error;
      }
      // Paid meanwhile (another instance applied it) or cancelled meanwhile: decided below.
      return markPaid(reference, paid, now);
    }
    if (order.step === 'cancelled') await store.refundLatePayment(order.id, applied, now);
    return 'not_payable';
  }

  async function expireUnpaid(before: Date, limit: number): Promise<number> {
    let cancelled = 0;
    for (const id of await store.unpaidExpiredBefore(before, limit)) {
      // Paid or cancelled since it was listed: it is not this sweep's any more.
      const moved = await lifecycle.move(id, 'expire', TIMER, { reason: 'payment_expired' }).catch((error: unknown) => {
        if (error instanceof InvalidTransitionError) return null;
        throw error;
      });
      if (moved?.changed) cancelled++;
    }
    return cancelled;
  }

  return { markPaid, expireUnpaid };
}
