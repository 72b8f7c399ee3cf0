export interface PaymentLinkRequest {
  /** Our reference for the payment; the provider keys the link by it. */
  reference: string;
  amount: number;
  currency: string;
  description: string;
  /** When the link stops being payable; unset: it does not expire. */
  expiresAt?: Date;
}

export interface PaymentLink {
  url: string;
  /**
   * The provider's own id of the link, kept with the order so that any instance can void it
   * without searching; unset when the provider keys its links by our reference.
   */
  linkId?: string;
}

/** What an order needs of a payment provider: a link to pay it, voided when the order will not be paid. */
export interface PaymentLinks {
  /** Stops when `signal` aborts (the order's deadline for the provider). */
  createPaymentLink(request: PaymentLinkRequest, signal?: AbortSignal): Promise<PaymentLink>;
  /** Voids a link: never handed out, or no longer payable (expired). Best effort. */
  cancelPaymentLink(reference: string, linkId?: string): Promise<void>;
}
