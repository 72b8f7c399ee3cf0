import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RefundRequest } from '../../src/payments/domain/ports.js';
import { createMercadoPagoPayments, type MercadoPagoOptions } from '../../src/payments/providers/mercado-pago.js';
import { FAKE_MP_TOKEN, startFakeMercadoPago } from './fakes/fake-mercado-pago.js';

export const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

/**
 * A fake Mercado Pago for the suite, set back to working after each test, and the adapter on it:
 * `paid()` makes an order's link and pays it, and answers the refund of that payment.
 */
export function mercadoPagoForRefunds() {
  let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
  const open: { close(): Promise<void> }[] = [];
  let count = 0;
  beforeAll(async () => {
    mp = await startFakeMercadoPago();
  });
  afterEach(async () => {
    mp.mode = 'ok';
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(() => mp.close());

  function adapter(over: Partial<MercadoPagoOptions> = {}) {
    const payments = createMercadoPagoPayments({
      accessToken: FAKE_MP_TOKEN, notificationUrl: 'https://orders.example/hook', baseUrl: mp.url, timeoutMs: 2_000, ...over,
    });
    open.push(payments);
    return payments;
  }

  /** A payment of `amount` (minor unit) made through an order's link; the refund of it, whole unless told. */
  async function paid(amount = 35_000, currency = 'CLP') {
    const reference = `ref-refund-${++count}`;
    await adapter().createPaymentLink({ reference, amount, currency, description: 'Asistencia en ruta: grúa' });
    const paymentId = mp.pay(reference);
    const refund = (over: Partial<RefundRequest> = {}): RefundRequest =>
      Object.assign({ reference, providerPaymentId: paymentId, amount, currency, idempotencyKey: `refund-${reference}` }, over);
    return { reference, paymentId, refund, payment: () => mp.payment(paymentId)! };
  }

  return {
    get mp() {
      return mp;
    },
    adapter,
    paid,
    /** The refunds posted for the payment. */
    refundCalls: (paymentId: string) => mp.requests.filter((r) => r.method === 'POST' && r.url === `/v1/payments/${paymentId}/refunds`),
  };
}
