import type { PaymentReader } from '../domain/events.js';
import type { PaymentProvider } from '../domain/ports.js';

export type PaymentOperation = 'create_link' | 'cancel_link' | 'read_payment' | 'refund';

/** Told of every call to a payment provider: which, what, how it ended (`ok`, or the failure's kind), and its time. */
export type PaymentCallObserver = (provider: string, operation: PaymentOperation, outcome: string, ms: number) => void;

/** A failure's kind as the JSON client classifies it (timeout, server_error…), else `error`. */
const outcomeOf = (error: unknown): string => {
  const kind = (error as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'string') return kind;
  return (error as { name?: unknown } | null)?.name === 'AbortError' ? 'aborted' : 'error';
};

// On every order's path: no async function, one promise reaction.
function timed<T>(observe: (outcome: string, ms: number) => void, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  return call().then(
    (result) => {
      observe('ok', performance.now() - started);
      return result;
    },
    (error: unknown) => {
      observe(outcomeOf(error), performance.now() - started);
      throw error;
    },
  );
}

export function observedPayments<P extends PaymentProvider>(provider: P, name: string, observe: PaymentCallObserver): PaymentProvider {
  return {
    createPaymentLink: (request, signal) =>
      timed((outcome, ms) => observe(name, 'create_link', outcome, ms), () => provider.createPaymentLink(request, signal)),
    cancelPaymentLink: (reference, linkId) =>
      timed((outcome, ms) => observe(name, 'cancel_link', outcome, ms), () => provider.cancelPaymentLink(reference, linkId)),
    refundPayment: (request, signal) =>
      timed((outcome, ms) => observe(name, 'refund', outcome, ms), () => provider.refundPayment(request, signal)),
  };
}

export function observedReader(reader: PaymentReader, name: string, observe: PaymentCallObserver): PaymentReader {
  return {
    readPayment: (id, signal) =>
      timed((outcome, ms) => observe(name, 'read_payment', outcome, ms), () => reader.readPayment(id, signal)),
  };
}
