import type { Refunder } from '../../../src/payments/domain/refunds.js';
import type { RefundRequest } from '../../../src/payments/domain/ports.js';

export type RefunderMode = 'up' | 'down' | 'hang';

/**
 * The payment provider's refunds as a real one keeps them: one refund per idempotency key, a
 * repeat of it answered as done. It can be down (every call fails) or hang (no answer until the
 * caller gives up), and it refuses a key reused for another amount, which a provider would too.
 */
export function fakeRefunder() {
  /** The refunds made, by idempotency key. */
  const made = new Map<string, RefundRequest>();
  const calls: RefundRequest[] = [];
  let mode: RefunderMode = 'up';

  const refunder: Refunder = {
    async refundPayment(request, signal) {
      calls.push(request);
      if (mode === 'down') throw new Error('refunds are unavailable');
      if (mode === 'hang') {
        return new Promise<void>((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
      }
      const earlier = made.get(request.idempotencyKey);
      if (earlier && earlier.amount !== request.amount) throw new Error(`key ${request.idempotencyKey} reused for another amount`);
      made.set(request.idempotencyKey, request);
    },
  };
  return { refunder, made, calls, set: (next: RefunderMode) => void (mode = next) };
}

export type FakeRefunder = ReturnType<typeof fakeRefunder>;
