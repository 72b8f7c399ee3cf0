import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMercadoPagoNotifications } from '../../src/payments/providers/mercado-pago-notifications.js';
import { createMercadoPagoPayments } from '../../src/payments/providers/mercado-pago.js';
import { buildNotification, type NotificationOptions } from '../support/fakes/fake-mercado-pago-webhook.js';
import { FAKE_MP_SECRET, FAKE_MP_TOKEN, startFakeMercadoPago } from '../support/fakes/fake-mercado-pago.js';

const HOOK = 'https://orders.example/webhooks/mercado-pago?source_news=webhooks';
const NOW = Date.parse('2026-01-02T03:04:05.678Z');
const signed = (dataId: string, over: Partial<NotificationOptions> = {}) =>
  buildNotification(HOOK, dataId, { secret: FAKE_MP_SECRET, now: () => NOW, ...over });

let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
let notifications: ReturnType<typeof createMercadoPagoNotifications>;
beforeAll(async () => {
  mp = await startFakeMercadoPago();
  notifications = createMercadoPagoNotifications({
    webhookSecret: FAKE_MP_SECRET,
    accessToken: FAKE_MP_TOKEN,
    baseUrl: mp.url,
    timeoutMs: 2_000,
  });
});
afterAll(async () => {
  await notifications.close();
  await mp.close();
});

describe('verifying a Mercado Pago notification', () => {
  it('when it is signed with the secret, then it names the payment to read back', () => {
    const { headers, query, body } = signed('1320000001');

    expect(notifications.verify(headers, query, body)).toEqual({
      kind: 'payment',
      providerPaymentId: '1320000001',
      requestId: headers.get('x-request-id'),
    });
  });

  it('when it is signed with another secret, then it is forged', () => {
    const { headers, query, body } = signed('1320000001', { secret: 'not-the-secret' });

    expect(notifications.verify(headers, query, body)).toMatchObject({ kind: 'forged' });
  });

  it('when the URL names another payment than the one signed, then it is forged', () => {
    const { headers, body } = signed('1320000001');
    const query = new URLSearchParams({ 'data.id': '1320000002', type: 'payment' });

    expect(notifications.verify(headers, query, body)).toMatchObject({ kind: 'forged' });
  });

  it('when the body names another payment than the signed URL, then it is forged', () => {
    const { headers, query, body } = signed('1320000001', { bodyDataId: '1320000002' });

    expect(notifications.verify(headers, query, body)).toMatchObject({ kind: 'forged', reason: expect.stringMatching(/body/) });
  });

  it('when it has no x-signature, then it is forged', () => {
    const { headers, query, body } = signed('1320000001', { unsigned: true });

    expect(notifications.verify(headers, query, body)).toEqual({ kind: 'forged', reason: 'no x-signature header' });
  });

  it('when x-signature has no v1, then it is forged', () => {
    const { headers, query, body } = signed('1320000001');
    headers.set('x-signature', `ts=${NOW}`);

    expect(notifications.verify(headers, query, body)).toMatchObject({ kind: 'forged' });
  });

  it('when it has no x-request-id, then the manifest leaves it out and a genuine one still verifies', () => {
    const { headers, query, body } = signed('1320000001', { requestId: null });

    expect(notifications.verify(headers, query, body)).toMatchObject({ kind: 'payment', requestId: null });
  });

  it('when the x-request-id was changed, then it is forged', () => {
    const { headers, query, body } = signed('1320000001');
    headers.set('x-request-id', 'another-request');

    expect(notifications.verify(headers, query, body)).toMatchObject({ kind: 'forged' });
  });

  it('when it is genuine but about another topic, then it is ignored', () => {
    const { headers, query, body } = signed('ORD01ABC', { type: 'merchant_order' });

    expect(notifications.verify(headers, query, body)).toEqual({ kind: 'ignored', reason: 'topic merchant_order' });
  });

  it('when its id is alphanumeric in upper case, then it verifies against the lower-cased signature', () => {
    const { headers, query, body } = signed('ABC123', { type: 'topic_claims_integration_wh' });

    expect(notifications.verify(headers, query, body).kind).toBe('ignored');
  });

  describe('with a bound on the signature’s age', () => {
    const bounded = () =>
      createMercadoPagoNotifications({
        webhookSecret: FAKE_MP_SECRET,
        accessToken: FAKE_MP_TOKEN,
        baseUrl: mp.url,
        timeoutMs: 2_000,
        maxSignatureAgeMs: 5 * 60_000,
        now: () => NOW,
      });

    it('when ts is within the bound, in milliseconds or in seconds, then it verifies', () => {
      const verifier = bounded();
      const recentMs = signed('1320000001', { ts: String(NOW - 60_000) });
      const recentSeconds = signed('1320000001', { ts: String(Math.floor(NOW / 1000) - 60) });

      expect(verifier.verify(recentMs.headers, recentMs.query, recentMs.body).kind).toBe('payment');
      expect(verifier.verify(recentSeconds.headers, recentSeconds.query, recentSeconds.body).kind).toBe('payment');
    });

    it('when ts is older than the bound, then it is refused even though signed', () => {
      const old = signed('1320000001', { ts: String(NOW - 5 * 60_000 - 1) });

      expect(bounded().verify(old.headers, old.query, old.body)).toEqual({ kind: 'forged', reason: 'signature too old' });
    });
  });
});

describe('reading a payment back from Mercado Pago', () => {
  it.each([
    ['approved', 'paid'],
    ['rejected', 'failed'],
    ['in_process', 'pending'],
    ['cancelled', 'cancelled'],
    ['refunded', 'cancelled'],
  ] as const)('when its status is %s, then the order’s view is %s, with our reference and the amount', async (status, state) => {
    const links = createMercadoPagoPayments({ accessToken: FAKE_MP_TOKEN, notificationUrl: HOOK, baseUrl: mp.url, timeoutMs: 2_000 });
    const reference = `ref-read-${status}`;
    await links.createPaymentLink({ reference, amount: 42_000, currency: 'CLP', description: 'Asistencia en ruta: grúa' });
    await links.close();
    const paymentId = mp.pay(reference, status);

    const payment = await notifications.readPayment(paymentId);

    expect(payment).toEqual({ providerPaymentId: paymentId, reference, state, providerStatus: status, amount: 42_000, currency: 'CLP' });
  });

  it('when the payment was refunded in part, then it stays approved at Mercado Pago and the order’s view is cancelled', async () => {
    const links = createMercadoPagoPayments({ accessToken: FAKE_MP_TOKEN, notificationUrl: HOOK, baseUrl: mp.url, timeoutMs: 2_000 });
    const reference = 'ref-read-partly-refunded';
    await links.createPaymentLink({ reference, amount: 42_000, currency: 'CLP', description: 'Asistencia en ruta: grúa' });
    const paymentId = mp.pay(reference);
    await links.refundPayment({ reference, providerPaymentId: paymentId, amount: 40_000, currency: 'CLP', idempotencyKey: `refund-${reference}` });
    await links.close();

    const payment = await notifications.readPayment(paymentId);

    expect(mp.payment(paymentId)!.status).toBe('approved');
    expect(payment).toMatchObject({ state: 'cancelled', providerStatus: 'partially_refunded', amount: 42_000 });
  });

  it('when Mercado Pago does not know the payment, then reading fails as rejected with 404', async () => {
    await expect(notifications.readPayment('999')).rejects.toMatchObject({ kind: 'rejected', status: 404 });
  });

  it('when the id is not a payment id, then nothing is asked', async () => {
    const before = mp.paymentReads;

    await expect(notifications.readPayment('../checkout/preferences')).rejects.toThrow(/not a Mercado Pago payment id/);
    expect(mp.paymentReads).toBe(before);
  });

  it('when Mercado Pago fails, then reading fails and says how', async () => {
    mp.mode = 'server_error';
    try {
      await expect(notifications.readPayment('1320000001')).rejects.toMatchObject({ kind: 'server_error' });
    } finally {
      mp.mode = 'ok';
    }
  });
});
