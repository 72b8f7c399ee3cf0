import { withinDeadline } from '../../platform/deadline.js';
import type { RefundRequest } from './ports.js';

/** A refund owed: an order cancelled after it was paid, its payment not yet refunded. */
export interface DueRefund {
  orderId: number;
  reference: string;
  providerPaymentId: string | null;
  /** Minor units. */
  amount: number;
  currency: string;
}

export interface RefundStore {
  /** The order's refund, while it is pending. */
  due(orderId: number): Promise<DueRefund | null>;
  /** Marks it made, with its event; false when it was already. */
  markRefunded(orderId: number, at: Date): Promise<boolean>;
}

export interface Refunder {
  refundPayment(request: RefundRequest, signal?: AbortSignal): Promise<void>;
}

export interface RefundsDeps {
  store: RefundStore;
  payments: Refunder;
  clock: () => Date;
  deadlineMs: number;
  onProblem?: (problem: string, detail: Record<string, unknown>) => void;
}

export type RefundOutcome = 'refunded' | 'nothing_due' | 'failed';

/**
 * Makes an order's pending refund. The provider is asked with the same idempotency key every
 * time, so a retry after a refund whose answer was lost never refunds twice; the store marks it
 * made once. A failure is left to the order's refund timer (see timers.ts), which retries.
 */
export function createRefunds(deps: RefundsDeps) {
  return async function refund(orderId: number): Promise<RefundOutcome> {
    const due = await deps.store.due(orderId);
    if (!due) return 'nothing_due';
    const request: RefundRequest = {
      reference: due.reference,
      providerPaymentId: due.providerPaymentId,
      amount: due.amount,
      currency: due.currency,
      idempotencyKey: `refund-${due.reference}`,
    };
    try {
      await withinDeadline(deps.deadlineMs, (signal) => deps.payments.refundPayment(request, signal));
    } catch (error) {
      deps.onProblem?.('refund failed; retried later', { order: orderId, err: error });
      return 'failed';
    }
    await deps.store.markRefunded(orderId, deps.clock());
    return 'refunded';
  };
}

export type Refund = ReturnType<typeof createRefunds>;
