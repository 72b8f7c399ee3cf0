// What the core needs of the payment provider, and of the store to follow an order's payment
// after its link was handed out.

import type { PaymentLinks } from '../../orders/domain/payment-links.js';

export type { PaymentLink, PaymentLinkRequest, PaymentLinks } from '../../orders/domain/payment-links.js';

/** A verified notification, kept until the payment it names has been read back and applied. */
export interface InboxEntry {
  id: number;
  /** The provider's name, as in its notification route (`sandbox`, `mercado-pago`). */
  provider: string;
  providerPaymentId: string;
  /** How many times it was received: a repeat received while it is processed makes it due again. */
  deliveries: number;
  /** Processing attempts so far, this one included. */
  attempts: number;
  receivedAt: Date;
}

export interface NotificationInbox {
  /**
   * Keeps a notification, due at once. A repeat (the same provider and payment) is the same
   * entry, due again: providers repeat notifications, and one for a payment whose state changed
   * since (in process, then approved) must make it be read again.
   */
  add(provider: string, providerPaymentId: string, now: Date): Promise<void>;
  /** Takes up to `limit` due entries for `leaseMs`: no other instance takes them meanwhile. */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<InboxEntry[]>;
  /** Done with the entry, unless it was received again since it was claimed. */
  complete(entry: InboxEntry, outcome: string): Promise<void>;
  /** Due again at `at`. */
  retryAt(entry: InboxEntry, at: Date, outcome: string): Promise<void>;
}

/** What became of a paid payment for an order. */
export type MarkPaidOutcome =
  | 'applied' // the order was waiting for it: now pending_partner
  | 'already_paid' // a repeat: nothing changed
  | 'no_order' // no order has this reference (yet: its insert may not be visible)
  | 'not_payable' // the order was cancelled (its link expired) before the payment was applied
  | 'amount_mismatch'; // the payment is not of the order's amount and currency

export interface PaidAmount {
  /** In the currency's minor unit; null when the provider did not say. */
  amount: number | null;
  currency: string | null;
  /** The provider's own id of the payment: what a refund names. */
  providerPaymentId: string;
}

export interface OrderPayments {
  /**
   * One conditional write: pending_payment → pending_partner, payment paid, updatedAt now; only
   * for the order of `reference` still waiting for its payment, of this amount and currency.
   * Safe to repeat and to run on several instances at once.
   */
  markPaid(reference: string, paid: PaidAmount, now: Date): Promise<MarkPaidOutcome>;
  /**
   * Cancels up to `limit` orders still waiting for a payment whose link expired before `before`
   * (status cancelled, pendingStatus null, payment expired; their links voided); answers how many.
   */
  expireUnpaid(before: Date, limit: number): Promise<number>;
}

export interface RefundRequest {
  /** Our payment reference of the order (the provider's external reference). */
  reference: string;
  /** The provider's own id of the payment that paid the order; null when the provider keys payments by our reference. */
  providerPaymentId: string | null;
  /** In the currency's minor unit; may be less than the amount paid (a cancellation fee kept). */
  amount: number;
  currency: string;
  /** Same key, same refund: a retry after an unknown outcome never refunds twice. */
  idempotencyKey: string;
}

/** A payment provider: the links an order asks for, and refunds. */
export interface PaymentProvider extends PaymentLinks {
  /** Refunds (part of) a paid payment. Resolves once the provider has accepted the refund; rejects when it did not or may not have. Stops when `signal` aborts. */
  refundPayment(request: RefundRequest, signal?: AbortSignal): Promise<void>;
}
