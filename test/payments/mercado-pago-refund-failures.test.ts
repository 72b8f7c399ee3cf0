import { describe, expect, it } from 'vitest';
import { observedPayments } from '../../src/payments/providers/observed-payments.js';
import { failureOf, mercadoPagoForRefunds } from '../support/mercado-pago-refunds.js';

const fake = mercadoPagoForRefunds();
const { adapter, paid, refundCalls } = fake;

describe('a Mercado Pago refund failing', () => {
  it.each([
    ['server_error', 'server_error', 'yes'],
    ['reset', 'connection_lost', 'maybe'],
  ] as const)('when Mercado Pago fails before refunding (%s), then the attempt fails as %s, reached: %s; the retry refunds once', async (rule, kind, reached) => {
    const { refund, payment } = await paid();
    fake.mp.failNextRefunds(rule);

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
    fake.mp.mode = mode;

    const error = await failureOf(adapter({ timeoutMs: 100 }).refundPayment(refund()));

    fake.mp.mode = 'ok';
    expect(error).toMatchObject({ kind });
    expect(payment().refunds).toEqual([]);
  });

  it('when the caller gives up, then the call stops there, before its own deadline', async () => {
    const { refund } = await paid();
    fake.mp.failNextRefunds('slow');
    const caller = new AbortController();

    const attempt = failureOf(adapter({ timeoutMs: 60_000 }).refundPayment(refund(), caller.signal));
    await expect.poll(() => refundCalls(refund().providerPaymentId!).length).toBe(1);
    caller.abort();

    expect(await attempt).toMatchObject({ kind: 'timeout' });
  });
});

describe('Mercado Pago refunds observed', () => {
  it('when refund attempts fail and succeed, then each is counted as a refund call with its outcome', async () => {
    const { refund } = await paid();
    const calls: string[] = [];
    const observed = observedPayments(adapter(), 'mercado-pago', (provider, operation, outcome) => calls.push(`${provider} ${operation} ${outcome}`));
    fake.mp.failNextRefunds('server_error');

    await failureOf(observed.refundPayment(refund()));
    await observed.refundPayment(refund());

    expect(calls).toEqual(['mercado-pago refund server_error', 'mercado-pago refund ok']);
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
    fake.mp.setPaymentStatus(paymentId, 'charged_back');

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
