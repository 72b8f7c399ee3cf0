import type { ServiceCode } from '../../orders/domain/order.js';

/** Where a sandbox link stands, as its page shows it: `refunded` is paid, then (partly) refunded. */
export type SandboxLinkState = 'open' | 'paid' | 'refunded' | 'cancelled' | 'expired';

/** A sandbox payment link: its order's amount and expiry, and what became of it. */
export interface SandboxLink {
  reference: string;
  orderId: number;
  serviceCode: ServiceCode;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  expiresAt: Date | null;
  state: SandboxLinkState;
  /** The refund of a paid link (in the minor unit), once made. */
  refund: { amount: number; at: Date } | null;
}

export interface SandboxPayment {
  paymentId: string;
  reference: string;
  amount: number;
  currency: string;
  /** How much of it was refunded (minor unit); 0 when none. */
  refunded: number;
}

/** A refund asked of the sandbox; see RefundRequest. */
export interface SandboxRefund {
  amount: number;
  currency: string;
  key: string;
  /** The payment the caller names; null: whichever paid the link. */
  paymentId: string | null;
}

/** What came of a refund: made now, made before with this key, or why it was refused. */
export type SandboxRefundOutcome =
  | 'refunded'
  | 'repeat'
  | 'not_paid' // no link, or never paid (open, voided, expired)
  | 'other_payment' // the link was paid by another payment than the one named
  | 'other_currency'
  | 'over_paid' // more than was paid
  | 'refunded_already' // refunded before, under another key
  | 'key_reused'; // this key refunded another amount

/**
 * The sandbox's links, kept in the store so that its page, Pay and Cancel work on any instance
 * and after a restart. Every change is one conditional write: a link is paid or voided once.
 */
export interface SandboxLinks {
  /** The link of `reference` as it stands at `now`; null when no order has it. */
  find(reference: string, now: Date): Promise<SandboxLink | null>;
  /** Pays an open, unexpired link with a new payment; false when it was not payable. */
  markPaid(reference: string, paymentId: string, now: Date): Promise<boolean>;
  /** Voids a link not yet paid; false when it was paid or voided before. */
  markCancelled(reference: string, now: Date): Promise<boolean>;
  /** A payment made through a sandbox link, read back as a provider's API answers it. */
  payment(paymentId: string): Promise<SandboxPayment | null>;
  /** Refunds a paid link once: the same key again finds that refund, any other is refused. */
  refund(reference: string, refund: SandboxRefund, now: Date): Promise<SandboxRefundOutcome>;
}
