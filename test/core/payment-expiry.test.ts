import { describe, expect, it } from 'vitest';
import { createPaymentExpiry } from '../../src/core/payments/expiry.js';
import type { ExpiredLink, OrderPayments } from '../../src/core/payments/ports.js';
import type { PaymentProvider } from '../../src/core/payments/ports.js';

const NOW = new Date('2026-03-01T12:00:00Z');

/** Answers `expired` in batches of `limit`, and records the bound each sweep used. */
function expiringOrders(expired: ExpiredLink[]) {
  const befores: Date[] = [];
  const orders: OrderPayments = {
    markPaid: async () => 'no_order',
    async expireUnpaid(before, _now, limit) {
      befores.push(before);
      return expired.splice(0, limit);
    },
  };
  return { orders, befores };
}

function voiding(failFor: string[] = []) {
  const voided: [string, string | undefined][] = [];
  const payments: PaymentProvider = {
    createPaymentLink: async () => ({ url: '' }),
    refundPayment: async () => {},
    async cancelPaymentLink(reference, linkId) {
      voided.push([reference, linkId]);
      if (failFor.includes(reference)) throw new Error('provider down');
    },
  };
  return { payments, voided };
}

describe('cancelling unpaid orders past their link’s expiry', () => {
  it('when orders expired more than the grace ago, then they are cancelled and their links voided, by id when known', async () => {
    const { orders, befores } = expiringOrders([
      { reference: 'ref-1', linkId: 'pref-1' },
      { reference: 'ref-2', linkId: null },
    ]);
    const { payments, voided } = voiding();

    const cancelled = await createPaymentExpiry({ orders, payments, clock: () => NOW, graceMs: 120_000 })();

    expect(cancelled).toBe(2);
    expect(befores).toEqual([new Date('2026-03-01T11:58:00Z')]);
    expect(voided).toEqual([['ref-1', 'pref-1'], ['ref-2', undefined]]);
  });

  it('when voiding a link fails, then the others are still voided and the failure is told', async () => {
    const { orders } = expiringOrders([{ reference: 'ref-1', linkId: null }, { reference: 'ref-2', linkId: null }]);
    const { payments, voided } = voiding(['ref-1']);
    const problems: string[] = [];

    const cancelled = await createPaymentExpiry({ orders, payments, clock: () => NOW, graceMs: 0, onProblem: (p) => problems.push(p) })();

    expect(cancelled).toBe(2);
    expect(voided.map(([reference]) => reference)).toEqual(['ref-1', 'ref-2']);
    expect(problems).toHaveLength(1);
  });

  it('when more orders expired than a batch holds, then it sweeps until none is left', async () => {
    const many = Array.from({ length: 450 }, (_, i) => ({ reference: `ref-${i}`, linkId: null }));
    const { orders, befores } = expiringOrders(many);

    const cancelled = await createPaymentExpiry({ orders, payments: voiding().payments, clock: () => NOW, graceMs: 0 })();

    expect(cancelled).toBe(450);
    expect(befores).toHaveLength(3);
  });
});
