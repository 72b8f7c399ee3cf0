import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundRequest } from '../../src/core/payments/ports.js';
import { createMetrics } from '../../src/metrics/metrics.js';
import { providerObservers } from '../../src/metrics/observed.js';
import { createPaymentStack, type PaymentSettings } from '../../src/payments/payment-stack.js';
import { createSandboxPayments, SandboxFailure, type SandboxMode } from '../../src/payments/sandbox.js';
import { createSandboxReader } from '../../src/payments/sandbox-notifications.js';
import { createOrderStore } from '../../src/store/order-store.js';
import { createSandboxLinkStore } from '../../src/store/sandbox-link-store.js';
import { ENGINES, onEngine, type TestStore } from '../support/engines.js';
import { newOrder } from '../support/new-order.js';

const AT = new Date('2026-03-01T12:00:00.000Z');
// newOrder's total, in pesos.
const PAID = 38_496;
const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`the sandbox's refunds, ${onEngine(engine)}`, () => {
    let store: TestStore;
    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(() => store?.dispose());

    const links = () => createSandboxLinkStore(store.sql);
    const sandbox = (mode: SandboxMode = 'ok') =>
      createSandboxPayments({ publicUrl: 'https://orders.example', links: links(), mode, delayMs: 60_000, clock: () => AT });
    const refund = (reference: string, over: Partial<RefundRequest> = {}): RefundRequest =>
      Object.assign({ reference, providerPaymentId: null, amount: PAID, currency: 'CLP', idempotencyKey: `refund-${reference}` }, over);
    const refundRows = async (reference: string) =>
      (await store.sql.query<{ refunded_amount: string | number; refund_key: string }>(
        'select refunded_amount, refund_key from sandbox_payment_links where reference = $1 and refund_key is not null', [reference],
      )).rows.map((r) => ({ amount: Number(r.refunded_amount), key: r.refund_key }));

    async function order() {
      const stored = await createOrderStore(store.sql).insert(newOrder({ createdAt: AT, updatedAt: AT }));
      return stored.paymentReference;
    }
    async function paidLink() {
      const reference = await order();
      const paymentId = randomUUID();
      expect(await links().markPaid(reference, paymentId, AT)).toBe(true);
      return { reference, paymentId };
    }

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

    it('when a refunded payment is read back, then it reads undone, refunded in full or in part', async () => {
      const whole = await paidLink();
      const part = await paidLink();
      await sandbox().refundPayment(refund(whole.reference));
      await sandbox().refundPayment(refund(part.reference, { amount: 10_000 }));
      const reader = createSandboxReader(links());

      expect(await reader.readPayment(whole.paymentId)).toMatchObject({ state: 'cancelled', providerStatus: 'refunded', amount: PAID });
      expect(await reader.readPayment(part.paymentId)).toMatchObject({ state: 'cancelled', providerStatus: 'partially_refunded', amount: PAID });
    });

    it.each(['fail', 'refund_fail'] as const)('when told to %s, then refunds fail and nothing is refunded', async (mode) => {
      const { reference } = await paidLink();

      expect(await failureOf(sandbox(mode).refundPayment(refund(reference)))).toBeInstanceOf(SandboxFailure);
      expect(await refundRows(reference)).toEqual([]);
    });

    it('when told refund_fail, then links are still made, so that an order can be paid and its refund fail', async () => {
      expect(await sandbox('refund_fail').createPaymentLink({ reference: 'ref-1', amount: 1, currency: 'CLP', description: '' })).toHaveProperty('url');
    });

    it.each(['slow', 'refund_slow'] as const)(
      'when told %s, then the refund is made but its answer waits until the caller gives up; the retry with its key finds it made',
      async (mode) => {
        const { reference } = await paidLink();
        const caller = new AbortController();

        const attempt = sandbox(mode).refundPayment(refund(reference), caller.signal);
        caller.abort();

        await expect(attempt).rejects.toThrow(/abort/i);
        expect(await refundRows(reference)).toHaveLength(1);
        await sandbox().refundPayment(refund(reference));
        expect(await refundRows(reference)).toHaveLength(1);
      },
    );

    it('when refunds go through the payment stack, then the provider call metrics count them by outcome', async () => {
      const { reference } = await paidLink();
      const unpaid = await order();
      const metrics = createMetrics();
      const settings: PaymentSettings = {
        provider: 'sandbox', timeoutMs: 1_000, linkTtlMs: null, pollMs: 1_000,
        sandbox: { mode: 'ok', delayMs: 0, secret: null }, mercadoPago: null,
      };
      const stack = createPaymentStack({
        settings, publicUrl: 'https://orders.example', links: links(), sandboxSecret: 'secret', clock: () => AT,
        observe: providerObservers(metrics).paymentCall,
      });

      await stack.provider.refundPayment(refund(reference));
      await stack.provider.refundPayment(refund(reference));
      await failureOf(stack.provider.refundPayment(refund(unpaid)));
      await stack.close();
      const text = await metrics.registry.metrics();

      const count = (outcome: string) =>
        Number(new RegExp(`orders_payment_provider_duration_seconds_count\\{provider="sandbox",operation="refund",outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1]);
      expect([count('ok'), count('rejected')]).toEqual([2, 1]);
    });
  });
}
