import { describe, expect, it } from 'vitest';
import { createPaymentExpiry } from '../../../src/payments/domain/expiry.js';

const NOW = new Date('2026-03-01T12:00:00Z');

/** `count` unpaid orders, cancelled `limit` at a time; records the bound each sweep used. */
function expiringOrders(count: number) {
  const befores: Date[] = [];
  let left = count;
  const orders = {
    async expireUnpaid(before: Date, limit: number) {
      befores.push(before);
      const swept = Math.min(left, limit);
      left -= swept;
      return swept;
    },
  };
  return { orders, befores };
}

describe('cancelling unpaid orders past their link’s expiry', () => {
  it('when orders expired more than the grace ago, then they are cancelled, the bound being the grace before now', async () => {
    const { orders, befores } = expiringOrders(2);

    const cancelled = await createPaymentExpiry({ orders, clock: () => NOW, graceMs: 120_000 })();

    expect(cancelled).toBe(2);
    expect(befores).toEqual([new Date('2026-03-01T11:58:00Z')]);
  });

  it('when more orders expired than a batch holds, then it sweeps until none is left', async () => {
    const { orders, befores } = expiringOrders(450);

    const cancelled = await createPaymentExpiry({ orders, clock: () => NOW, graceMs: 0 })();

    expect(cancelled).toBe(450);
    expect(befores).toHaveLength(3);
  });
});
