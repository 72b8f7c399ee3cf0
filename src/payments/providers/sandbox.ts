import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentProvider, RefundRequest } from '../domain/ports.js';
import type { SandboxLinks, SandboxRefundOutcome } from './sandbox-links.js';

import { SANDBOX_PATH } from '../rest/sandbox-path.js';

export { SANDBOX_PATH };

/**
 * How the sandbox behaves: as a provider that works, one that is down (`fail`) or slow (`slow`)
 * for everything, or one whose refunds alone fail or are slow, so that orders can still be made
 * and paid to have a refund to fail.
 */
export type SandboxMode = 'ok' | 'fail' | 'slow' | 'refund_fail' | 'refund_slow';
export const SANDBOX_MODES: readonly SandboxMode[] = ['ok', 'fail', 'slow', 'refund_fail', 'refund_slow'];

export class SandboxFailure extends Error {}

/** A refund the sandbox refused, as a provider answers 4xx: the same request again is refused again. */
export class SandboxRefusal extends Error {
  /** How the provider call metrics count it: as a provider's 4xx. */
  readonly kind = 'rejected';
  constructor(readonly reason: SandboxRefundOutcome | 'invalid_request', detail: string) {
    super(`sandbox refund refused: ${detail}`);
  }
}

const REFUSALS: Partial<Record<SandboxRefundOutcome, string>> = {
  not_paid: 'the link was never paid',
  other_payment: 'the link was paid by another payment',
  other_currency: 'the link was paid in another currency',
  over_paid: 'more than was paid',
  refunded_already: 'the payment was refunded already, under another key',
  key_reused: 'the key refunded another amount',
};

export interface SandboxOptions {
  publicUrl: string;
  links: SandboxLinks;
  mode?: SandboxMode;
  /** How long a link, or a refund, takes to answer in the slow modes. */
  delayMs?: number;
  clock?: () => Date;
}

/**
 * A stand-in for a payment provider: its links point at this service's sandbox page, where a
 * payer pays or cancels. It keys links and payments by our reference and writes nothing to make
 * a link; paying, voiding and refunding are kept in the store (see SandboxLinks).
 */
export function createSandboxPayments(options: SandboxOptions): PaymentProvider {
  const { publicUrl, links, mode = 'ok', delayMs = 10_000 } = options;
  const clock = options.clock ?? (() => new Date());

  async function refundPayment(request: RefundRequest, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (mode === 'fail' || mode === 'refund_fail') throw new SandboxFailure(`the sandbox is set to fail (PAYMENTS_SANDBOX_MODE=${mode})`);
    const { reference, amount, currency, idempotencyKey: key, providerPaymentId: paymentId } = request;
    if (!Number.isSafeInteger(amount) || amount <= 0 || !key) {
      throw new SandboxRefusal('invalid_request', 'a refund needs a positive whole amount in the minor unit and a key');
    }
    const outcome = await links.refund(reference, { amount, currency, key, paymentId }, clock());
    // Slow after the refund is made: a caller that gives up does not know it was, as with a real
    // provider, and its retry with the same key must find it made.
    if (mode === 'slow' || mode === 'refund_slow') await sleep(delayMs, undefined, { signal });
    if (outcome !== 'refunded' && outcome !== 'repeat') throw new SandboxRefusal(outcome, `${REFUSALS[outcome]} (${reference})`);
  }

  return {
    async createPaymentLink({ reference }, signal) {
      if (mode === 'fail') throw new SandboxFailure('the sandbox is set to fail (PAYMENTS_SANDBOX_MODE=fail)');
      if (mode === 'slow') await sleep(delayMs, undefined, { signal });
      return { url: `${publicUrl}${SANDBOX_PATH}${encodeURIComponent(reference)}` };
    },
    async cancelPaymentLink(reference) {
      await links.markCancelled(reference, clock());
    },
    refundPayment,
  };
}
