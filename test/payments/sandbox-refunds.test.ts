import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGINES, onEngine } from '../support/engines.js';
import { AT, failureOf, PAID, sandboxRefundsOn } from '../support/sandbox-refunds.js';

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`the sandbox's refunds, ${onEngine(engine)}`, () => {
    const { links, sandbox, refund, refundRows, order, paidLink } = sandboxRefundsOn(engine);

    it('when a paid link is refunded, then the refund is recorded with its amount, time and key, and the link reads refunded', async () => {
      const { reference } = await paidLink();

      await sandbox().refundPayment(refund(reference, { amount: 30_000 }));

      expect(await links().find(reference, AT)).toMatchObject({ state: 'refunded', amount: PAID, refund: { amount: 30_000, at: AT } });
      expect(await refundRows(reference)).toEqual([{ amount: 30_000, key: `refund-${reference}` }]);
    });

    it('when the same refund is asked several times at once, then each succeeds and it is refunded once', async () => {
      const { reference } = await paidLink();

      await Promise.all([1, 2, 3].map(() => sandbox().refundPayment(refund(reference))));

      expect(await refundRows(reference)).toEqual([{ amount: PAID, key: `refund-${reference}` }]);
    });

    it('when the same refund comes again later with its key, then it succeeds and nothing more is refunded', async () => {
      const { reference } = await paidLink();
      await sandbox().refundPayment(refund(reference, { amount: 20_000 }));

      await sandbox().refundPayment(refund(reference, { amount: 20_000 }));

      expect(await refundRows(reference)).toEqual([{ amount: 20_000, key: `refund-${reference}` }]);
    });

    it('when the payment is named by its id, then that payment is refunded, and another id is refused', async () => {
      const { reference, paymentId } = await paidLink();

      const other = await failureOf(sandbox().refundPayment(refund(reference, { providerPaymentId: randomUUID() })));
      await sandbox().refundPayment(refund(reference, { providerPaymentId: paymentId.toUpperCase() }));

      expect(other).toMatchObject({ reason: 'other_payment', kind: 'rejected' });
      expect(await refundRows(reference)).toHaveLength(1);
    });

    it.each([
      ['another key, once refunded', { idempotencyKey: 'refund-by-hand' }, 'refunded_already'],
      ['its key, for another amount', { amount: 1_000 }, 'key_reused'],
    ] as const)('when a refunded link is asked a refund with %s, then it is refused and the first refund stands', async (_, over, reason) => {
      const { reference } = await paidLink();
      await sandbox().refundPayment(refund(reference));

      const error = await failureOf(sandbox().refundPayment(refund(reference, over)));

      expect(error).toMatchObject({ reason, kind: 'rejected' });
      expect(await refundRows(reference)).toEqual([{ amount: PAID, key: `refund-${reference}` }]);
    });

    it.each([
      ['more than was paid', { amount: PAID + 1 }, 'over_paid'],
      ['in another currency', { currency: 'USD' }, 'other_currency'],
      ['of nothing', { amount: 0 }, 'invalid_request'],
      ['without a key', { idempotencyKey: '' }, 'invalid_request'],
    ] as const)('when a refund of %s is asked, then it is refused and nothing is refunded', async (_, over, reason) => {
      const { reference } = await paidLink();

      expect(await failureOf(sandbox().refundPayment(refund(reference, over)))).toMatchObject({ reason });
      expect((await links().find(reference, AT))!.state).toBe('paid');
    });

    it.each([
      ['never paid', () => order()],
      ['voided', async () => {
        const reference = await order();
        await links().markCancelled(reference, AT);
        return reference;
      }],
      ['no order’s', async () => randomUUID()],
      ['not a reference at all', async () => 'no-such-reference'],
    ])('when the link is %s, then the refund is refused and nothing is recorded', async (_, link) => {
      const reference = await link();

      const error = await failureOf(sandbox().refundPayment(refund(reference)));

      expect(error).toMatchObject({ reason: 'not_paid', kind: 'rejected' });
      expect(error).toBeInstanceOf(Error);
      if (reference.length === 36) expect(await refundRows(reference)).toEqual([]);
    });
  });
}
