import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RefundRequest } from '../../src/core/payments/ports.js';
import { createMercadoPagoPayments, type MercadoPagoOptions } from '../../src/payments/mercado-pago.js';
import { OutboundError } from '../../src/outbound/json-client.js';
import { FAKE_MP_TOKEN, startFakeMercadoPago } from '../support/fakes/fake-mercado-pago.js';

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
const open: { close(): Promise<void> }[] = [];
function adapter(over: Partial<MercadoPagoOptions> = {}) {
  const payments = createMercadoPagoPayments({
    accessToken: FAKE_MP_TOKEN, notificationUrl: 'https://orders.example/hook', baseUrl: mp.url, timeoutMs: 2_000, ...over,
  });
  open.push(payments);
  return payments;
}

let count = 0;
/** A payment of `amount` (minor unit) made through an order's link; the refund of it, whole unless told. */
async function paid(amount = 35_000, currency = 'CLP') {
  const reference = `ref-refund-${++count}`;
  await adapter().createPaymentLink({ reference, amount, currency, description: 'Asistencia en ruta: grúa' });
  const paymentId = mp.pay(reference);
  const refund = (over: Partial<RefundRequest> = {}): RefundRequest =>
    Object.assign({ reference, providerPaymentId: paymentId, amount, currency, idempotencyKey: `refund-${reference}` }, over);
  return { reference, paymentId, refund, payment: () => mp.payment(paymentId)! };
}
const refundCalls = (paymentId: string) => mp.requests.filter((r) => r.method === 'POST' && r.url === `/v1/payments/${paymentId}/refunds`);

beforeAll(async () => {
  mp = await startFakeMercadoPago();
});
afterEach(async () => {
  mp.mode = 'ok';
  await Promise.all(open.splice(0).map((p) => p.close()));
});
afterAll(() => mp.close());

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

  it.each([
    ['its answer is lost', 'connection_lost', 'reset_after'],
    ['it fails after refunding', 'server_error', 'server_error_after'],
    ['it answers after the deadline', 'timeout', 'slow_after'],
  ] as const)('when Mercado Pago refunds but %s, then the attempt fails as %s, and the retry finds the refund made: one refund', async (_, kind, rule) => {
    const { paymentId, refund, payment } = await paid();
    mp.failNextRefunds(rule);

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
    mp.forgetRefundKeys();

    await adapter().refundPayment(refund({ amount: 20_000 }));

    expect(payment().refunds).toHaveLength(1);
  });

  it.each([
    ['server_error', 'server_error', 'yes'],
    ['reset', 'connection_lost', 'maybe'],
  ] as const)('when Mercado Pago fails before refunding (%s), then the attempt fails as %s, reached: %s; the retry refunds once', async (rule, kind, reached) => {
    const { refund, payment } = await paid();
    mp.failNextRefunds(rule);

    const first = await failureOf(adapter().refundPayment(refund()));
    await adapter().refundPayment(refund());

    expect(first).toMatchObject({ service: 'mercado-pago', kind, reached });
    expect(payment().refunds).toHaveLength(1);
  });

  it.each([
    ['server_error', 'server_error'],
    ['malformed', 'malformed'],
    ['slow', 'timeout'],
  ] as const)('when Mercado Pago answers %s to everything, then it fails as %s and nothing is refunded', async (mode, kind) => {
    const { refund, payment } = await paid();
    mp.mode = mode;

    const error = await failureOf(adapter({ timeoutMs: 100 }).refundPayment(refund()));

    mp.mode = 'ok';
    expect(error).toMatchObject({ kind });
    expect(payment().refunds).toEqual([]);
  });

  it('when the caller gives up, then the call stops there, before its own deadline', async () => {
    const { refund } = await paid();
    mp.failNextRefunds('slow');
    const caller = new AbortController();

    const attempt = failureOf(adapter({ timeoutMs: 60_000 }).refundPayment(refund(), caller.signal));
    await expect.poll(() => refundCalls(refund().providerPaymentId!).length).toBe(1);
    caller.abort();

    expect(await attempt).toMatchObject({ kind: 'timeout' });
  });
});

describe('a Mercado Pago refund refused', () => {
  it.each([
    ['more than is left of the payment', { amount: 35_001 }],
    ['in another currency than the payment', { currency: 'USD' }],
    ['of nothing', { amount: 0 }],
  ] as const)('when it is of %s, then it fails as rejected without asking for it', async (_, over) => {
    const { paymentId, refund } = await paid(35_000);

    expect(await failureOf(adapter().refundPayment(refund(over)))).toMatchObject({ kind: 'rejected' });
    expect(refundCalls(paymentId)).toEqual([]);
  });

  it('when the payment was refunded in full by hand, then a refund of another amount is refused', async () => {
    const { refund, payment } = await paid(35_000);
    await adapter().refundPayment(refund({ idempotencyKey: 'by-hand' }));

    const error = await failureOf(adapter().refundPayment(refund({ amount: 30_000 })));

    expect(error).toMatchObject({ kind: 'rejected' });
    expect(payment().refunds).toHaveLength(1);
  });

  it('when the payment was refunded by hand of this very amount, then Mercado Pago’s list of refunds says it is made', async () => {
    const { refund, payment } = await paid(35_000);
    await adapter().refundPayment(refund({ idempotencyKey: 'by-hand' }));

    await adapter().refundPayment(refund());

    expect(payment().refunds).toHaveLength(1);
  });

  it('when the payment is not approved, then it fails as rejected, the status said', async () => {
    const { paymentId, refund } = await paid();
    mp.setPaymentStatus(paymentId, 'charged_back');

    const error = await failureOf(adapter().refundPayment(refund()));

    expect(error).toMatchObject({ kind: 'rejected' });
    expect(String(error)).toContain('charged_back');
  });

  it('when Mercado Pago has no such payment, then it fails as rejected with the status', async () => {
    const { refund } = await paid();

    expect(await failureOf(adapter().refundPayment(refund({ providerPaymentId: '999' })))).toMatchObject({ kind: 'rejected', status: 404 });
  });

  it('when the access token is refused, then it fails as rejected with the status', async () => {
    const { refund } = await paid();

    expect(await failureOf(adapter({ accessToken: 'APP_USR-wrong' }).refundPayment(refund()))).toMatchObject({ kind: 'rejected', status: 401 });
  });
});
