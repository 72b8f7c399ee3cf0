import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../src/platform/outbound/json-client.js';
import { FAKE_MP_TOKEN } from '../support/fakes/fake-mercado-pago.js';
import { failureOf, mercadoPagoForRefunds } from '../support/mercado-pago-refunds.js';

const fake = mercadoPagoForRefunds();
const { adapter, paid, refundCalls } = fake;

describe('refunding a Mercado Pago payment', () => {
  it('posts a refund of the payment with the key, the amount in pesos, and Mercado Pago keeps part of it', async () => {
    const { paymentId, refund, payment } = await paid(35_000);

    await adapter().refundPayment(refund({ amount: 30_000 }));
    const [sent, ...more] = refundCalls(paymentId);

    expect(more).toEqual([]);
    expect(sent!.headers).toMatchObject({ authorization: `Bearer ${FAKE_MP_TOKEN}`, 'x-idempotency-key': refund().idempotencyKey });
    expect(JSON.parse(sent!.body)).toEqual({ amount: 30_000 });
    expect(payment()).toMatchObject({ status: 'approved', status_detail: 'partially_refunded', transaction_amount_refunded: 30_000 });
  });

  it('writes the amount in the currency’s major unit: 1000 cents are 10', async () => {
    const { paymentId, refund } = await paid(1_234, 'USD');

    await adapter().refundPayment(refund({ amount: 1_000 }));

    expect(JSON.parse(refundCalls(paymentId)[0]!.body)).toEqual({ amount: 10 });
  });

  it('refunds the whole payment with an empty body, a full refund, and the payment reads refunded', async () => {
    const { paymentId, refund, payment } = await paid(35_000);

    await adapter().refundPayment(refund());

    expect(JSON.parse(refundCalls(paymentId)[0]!.body)).toEqual({});
    expect(payment()).toMatchObject({ status: 'refunded', transaction_amount_refunded: 35_000 });
  });

  it('when the payment id is not known, then it finds the payment by our reference', async () => {
    const { refund, payment } = await paid();

    await adapter().refundPayment(refund({ providerPaymentId: null }));

    expect(payment().refunds).toHaveLength(1);
  });

  it('when two attempts run at once with the key, then Mercado Pago makes one refund and both succeed', async () => {
    const { refund, payment } = await paid();

    await Promise.all([adapter().refundPayment(refund({ amount: 10_000 })), adapter().refundPayment(refund({ amount: 10_000 }))]);

    expect(payment().refunds).toHaveLength(1);
  });
});

describe('refunding a Mercado Pago payment once, whatever happens to an attempt', () => {
  it.each([
    ['its answer is lost', 'connection_lost', 'reset_after'],
    ['it fails after refunding', 'server_error', 'server_error_after'],
    ['it answers after the deadline', 'timeout', 'slow_after'],
  ] as const)('when Mercado Pago refunds but %s, then the attempt fails as %s, and the retry finds the refund made: one refund', async (_, kind, rule) => {
    const { paymentId, refund, payment } = await paid();
    fake.mp.failNextRefunds(rule);

    const first = await failureOf(adapter({ timeoutMs: 200 }).refundPayment(refund({ amount: 20_000 })));
    await adapter().refundPayment(refund({ amount: 20_000 }));

    expect(first).toBeInstanceOf(OutboundError);
    expect(first).toMatchObject({ kind });
    expect(payment().refunds).toHaveLength(1);
    expect(refundCalls(paymentId)).toHaveLength(1);
  });

  it('when Mercado Pago has forgotten the key by the retry, then the payment’s refunds still say it was made: no second refund', async () => {
    const { refund, payment } = await paid();
    await adapter().refundPayment(refund({ amount: 20_000 }));
    fake.mp.forgetRefundKeys();

    await adapter().refundPayment(refund({ amount: 20_000 }));

    expect(payment().refunds).toHaveLength(1);
  });
});
