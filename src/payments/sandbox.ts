import type { PaymentProvider } from '../core/ports.js';

export const SANDBOX_PATH = '/sandbox/payments/';

/**
 * A stand-in for a payment provider: links point at this service, whose page shows the order's
 * amount and reference. Nothing is kept here; the page reads the stored order by its reference.
 */
export function createSandboxPayments(publicUrl: string): PaymentProvider {
  return {
    async createPaymentLink({ reference }) {
      return { url: `${publicUrl}${SANDBOX_PATH}${encodeURIComponent(reference)}` };
    },
    async cancelPaymentLink() {},
  };
}
