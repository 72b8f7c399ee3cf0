import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/service/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { createMercadoPagoPayments } from '../../src/payments/providers/mercado-pago.js';
import { composeService } from '../../src/service/compose.js';
import { createOrderStore } from '../../src/orders/store/order-store.js';
import { FAKE_MP_SECRET, FAKE_MP_TOKEN, startFakeMercadoPago } from '../support/fakes/fake-mercado-pago.js';
import { startFrontedService, type FrontedService } from '../support/fronted-service.js';
import { newOrder } from '../support/new-order.js';
import { CREATE_ORDER_BRIEF, notificationRows, paymentOf } from '../support/payment-queries.js';
import { restBody, SECRET } from '../support/service.js';

let now = new Date('2026-03-01T12:00:00.000Z');
const clock = () => now;
const later = (ms: number) => (now = new Date(now.getTime() + ms));

let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
let service: FrontedService;
let env: Record<string, string>;
beforeAll(async () => {
  mp = await startFakeMercadoPago({ now: () => now.getTime() });
  env = {
    PAYMENTS_PROVIDER: 'mercado_pago',
    MERCADO_PAGO_API_URL: mp.url,
    MERCADO_PAGO_ACCESS_TOKEN: FAKE_MP_TOKEN,
    MERCADO_PAGO_WEBHOOK_SECRET: FAKE_MP_SECRET,
    PAYMENT_TIMEOUT_MS: '500',
  };
  service = await startFrontedService({ env, clock });
});
afterEach(() => {
  mp.mode = 'ok';
});
afterAll(async () => {
  await service?.close();
  await mp?.close();
});

const referenceOf = async (id: number) =>
  (await service.sql.query<{ payment_reference: string }>('select payment_reference from orders where id = $1', [id])).rows[0]!
    .payment_reference;
const notificationUrl = () => `${service.publicUrl}/payments/notifications/mercado-pago`;

async function newPaidOrder(status: 'approved' | 'in_process' = 'approved') {
  const { body: order } = await service.rest(restBody());
  const reference = await referenceOf(order.id);
  return { order, reference, paymentId: mp.pay(reference, status) };
}

describe('an order paid through Mercado Pago Checkout Pro', () => {
  it("when an order is made, then its payment link is its preference's init_point, expiring with the order", async () => {
    const { body: order } = await service.rest(restBody());
    const preference = mp.preference(await referenceOf(order.id))!;

    expect(order.paymentProviderReference).toBe(preference.init_point);
    expect(preference.notification_url).toBe(`${notificationUrl()}?source_news=webhooks`);
    expect(Date.parse(preference.expiration_date_to)).toBe(Date.parse((await paymentOf(service, order.id)).paymentExpiresAt!));
  });

  it('when Mercado Pago notifies the approved payment, then the order goes on to pending_partner, paid', async () => {
    const { order, reference, paymentId } = await newPaidOrder();
    later(30_000);

    const delivered = await mp.notify(mp.preference(reference)!.notification_url, paymentId);

    expect(delivered.status).toBe(200);
    await expect.poll(async () => (await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
    expect(await paymentOf(service, order.id)).toMatchObject({ pendingStatus: 'PENDING_PARTNER', updatedAt: now.toISOString() });
  });

  it('when the payment is first in process and then approved, then the second notification pays the order', async () => {
    const { order, paymentId } = await newPaidOrder('in_process');

    await mp.notify(notificationUrl(), paymentId);
    await service.paymentNotifications.drain();
    const first = await paymentOf(service, order.id);
    mp.setPaymentStatus(paymentId, 'approved');
    await mp.notify(notificationUrl(), paymentId);

    expect(first).toMatchObject({ pendingStatus: 'PENDING_PAYMENT', paymentStatus: 'PENDING' });
    await expect.poll(async () => (await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
    expect((await notificationRows(service)).filter((r) => r.payment_id === paymentId)).toHaveLength(1);
  });

  it('when a notification is forged, then it gets 401 INVALID_SIGNATURE and nothing is kept or read', async () => {
    const { order, paymentId } = await newPaidOrder();
    const rows = (await notificationRows(service)).length;
    const reads = mp.paymentReads;

    const forged = await mp.notify(notificationUrl(), paymentId, { secret: 'guessed' });
    const unsigned = await mp.notify(notificationUrl(), paymentId, { unsigned: true });
    const altered = await mp.notify(notificationUrl(), paymentId, { bodyDataId: '1' });

    expect([forged.status, JSON.parse(forged.body).code]).toEqual([401, 'INVALID_SIGNATURE']);
    expect([unsigned.status, altered.status]).toEqual([401, 401]);
    expect((await notificationRows(service)).length).toBe(rows);
    expect(mp.paymentReads).toBe(reads);
    expect((await paymentOf(service, order.id)).paymentStatus).toBe('PENDING');
  });

  it('when reading the payment back fails, then the notification is kept and applied once Mercado Pago answers', async () => {
    const { order, paymentId } = await newPaidOrder();
    mp.mode = 'server_error';

    const taken = await mp.notify(notificationUrl(), paymentId);
    await service.paymentNotifications.drain();
    const meanwhile = await paymentOf(service, order.id);
    mp.mode = 'ok';
    later(10 * 60_000);
    await service.paymentNotifications.drain();

    expect(taken.status).toBe(200);
    expect(meanwhile.paymentStatus).toBe('PENDING');
    expect((await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
  });
});

describe('a notification that comes before its order, or to another instance', () => {
  it("when it comes before the order's insert is visible, then it is kept and applied once the order is there", async () => {
    const reference = randomUUID();
    const order = newOrder({ paymentReference: reference, ownerSubject: 'app-1' });
    const payments = createMercadoPagoPayments({ accessToken: FAKE_MP_TOKEN, notificationUrl: notificationUrl(), baseUrl: mp.url, timeoutMs: 1_000 });
    await payments.createPaymentLink({ reference, amount: order.amounts.total, currency: 'CLP', description: 'grúa' });
    await payments.close();
    const paymentId = mp.pay(reference);

    const delivered = await mp.notify(notificationUrl(), paymentId);
    await service.paymentNotifications.drain();
    const [kept] = (await notificationRows(service)).filter((r) => r.payment_id === paymentId);
    const stored = await createOrderStore(service.sql).insert(order);
    later(60_000);
    await service.paymentNotifications.drain();

    expect(delivered.status).toBe(200);
    expect(kept!.outcome).toBe('no_order_yet');
    expect(await paymentOf(service, stored.id)).toMatchObject({ pendingStatus: 'PENDING_PARTNER', paymentStatus: 'PAID' });
  });

  it('when it reaches another instance on the same store, then that one applies it to the order', async () => {
    const config = loadConfig(Object.assign({ AUTH_JWT_SECRET: SECRET, LOG_LEVEL: 'silent', PUBLIC_URL: service.publicUrl }, env));
    const other = await composeService({ config, sql: service.sql, log: createLogger('silent'), secret: SECRET, clock });
    const { order, paymentId } = await newPaidOrder();
    service.forwardTo(other.app.fetch);
    try {
      const delivered = await mp.notify(notificationUrl(), paymentId);
      await other.paymentNotifications.drain();

      expect(delivered.status).toBe(200);
      expect((await paymentOf(service, order.id)).paymentStatus).toBe('PAID');
    } finally {
      service.forwardTo(service.app.fetch);
      await other.stop();
    }
  });
});

describe('Mercado Pago failing when the order is made', () => {
  it.each(['server_error', 'slow', 'malformed', 'reset'] as const)(
    'when Mercado Pago is %s, then both faces refuse with PAYMENT_PROVIDER_UNAVAILABLE and no order is made',
    async (mode) => {
      const before = await service.countOrders();
      mp.mode = mode;

      const rest = await service.rest(restBody());
      const graphql = await service.gql(CREATE_ORDER_BRIEF, {
        input: { originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
          serviceCode: 'TOWING', phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD' },
      });

      expect([rest.status, rest.body.code]).toEqual([502, 'PAYMENT_PROVIDER_UNAVAILABLE']);
      expect(graphql.body.data.createOrder.__typename).toBe('PaymentProviderError');
      expect(await service.countOrders()).toBe(before);
    },
  );

  it('when an unpaid order expires, then it is cancelled and its preference can no longer be paid', async () => {
    const { body: order } = await service.rest(restBody());
    const reference = await referenceOf(order.id);
    now = new Date(Date.parse((await paymentOf(service, order.id)).paymentExpiresAt!) - 1_000);
    const payableBefore = mp.payable(reference);
    later(10 * 60_000);

    await service.expireUnpaid();

    expect(payableBefore).toBe(true);
    expect(await paymentOf(service, order.id)).toMatchObject({ status: 'CANCELLED', paymentStatus: 'EXPIRED' });
    expect(mp.payable(reference)).toBe(false);
  });
});
