// What the core learns from a payment provider after the link was handed out: a notification
// that something happened to a payment, then the payment itself, read back from the provider.
// A notification is never trusted for the state: it only says which payment to read.

/** The order's view of a payment: paid, refused, still open, or undone after the fact. */
export type PaymentState = 'paid' | 'failed' | 'pending' | 'cancelled';

/** A payment as read back from the provider. */
export interface PaymentReadback {
  providerPaymentId: string;
  /** Our payment reference (the provider's external reference); null for a payment not made through our link. */
  reference: string | null;
  state: PaymentState;
  /** The provider's own word for the state, for the log. */
  providerStatus: string;
  /** In the currency's minor unit; null when the provider did not say. */
  amount: number | null;
  currency: string | null;
}

export interface PaymentReader {
  readPayment(providerPaymentId: string, signal?: AbortSignal): Promise<PaymentReadback>;
}

/** What a received notification is, once its signature has been checked. */
export type NotificationVerdict =
  /** Genuine, about a payment: store it, then read the payment back. */
  | { kind: 'payment'; providerPaymentId: string; requestId: string | null }
  /** Genuine (or harmless), about nothing this service acts on: acknowledge it, do nothing. */
  | { kind: 'ignored'; reason: string }
  /** Not signed by the provider: 401, change nothing. */
  | { kind: 'forged'; reason: string };

export interface NotificationVerifier {
  verify(headers: Headers, query: URLSearchParams, body: unknown): NotificationVerdict;
}
