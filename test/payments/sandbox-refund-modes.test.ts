import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../src/platform/metrics/metrics.js';
import { providerObservers } from '../../src/service/observed.js';
import { createPaymentStack, type PaymentSettings } from '../../src/payments/providers/payment-stack.js';
import { SandboxFailure } from '../../src/payments/providers/sandbox.js';
import { createSandboxReader } from '../../src/payments/providers/sandbox-notifications.js';
import { ENGINES, onEngine } from '../support/engines.js';
import { AT, failureOf, PAID, sandboxRefundsOn } from '../support/sandbox-refunds.js';

for (const engine of ENGINES) {
  describe.skipIf(engine.skip !== null)(`the sandbox's refunds, failing, read back and counted, ${onEngine(engine)}`, () => {
    const { links, sandbox, refund, refundRows, order, paidLink } = sandboxRefundsOn(engine);

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
