import type { ServiceCode } from '../core/orders/order.js';

/** Where a sandbox link stands, as its page shows it. */
export type SandboxLinkState = 'open' | 'paid' | 'cancelled' | 'expired';

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
}

export interface SandboxPayment {
  paymentId: string;
  reference: string;
  amount: number;
  currency: string;
}

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
}
