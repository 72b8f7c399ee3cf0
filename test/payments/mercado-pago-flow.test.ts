import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrderService } from '../../src/orders/domain/create-order.js';
import { createNativeFulfilment } from '../../src/orders/domain/native-fulfilment.js';
import type { NotificationVerdict } from '../../src/payments/domain/events.js';
import type { Caller } from '../../src/orders/domain/ports.js';
import { createMercadoPagoNotifications } from '../../src/payments/providers/mercado-pago-notifications.js';
import { createMercadoPagoPayments } from '../../src/payments/providers/mercado-pago.js';
import { inMemoryKeys, inMemoryStore, operator, policy, recordingRoster } from '../orders/domain/fakes.js';
import { FAKE_MP_SECRET, FAKE_MP_TOKEN, startFakeMercadoPago } from '../support/fakes/fake-mercado-pago.js';

const ana: Caller = { subject: 'user-ana', name: 'Ana' };
const towing = {
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceCode: 1, phoneNumber: '+56912345678', vehicleIdentification: 'ab-12 cd',
};

let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
let notifications: ReturnType<typeof createMercadoPagoNotifications>;
let receiver: { url: string; verdicts: NotificationVerdict[]; server: Server };

/** Stands in for the service's webhook route: verifies, 401 for a forgery, 200 otherwise. */
async function startReceiver() {
  const verdicts: NotificationVerdict[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verdict = notifications.verify(headers, url.searchParams, JSON.parse(text || '{}'));
      if (verdict.kind !== 'forged') verdicts.push(verdict);
      res.writeHead(verdict.kind === 'forged' ? 401 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/webhooks/mercado-pago`, verdicts, server };
}

function arrange(storeFailure?: Error) {
  const payments = createMercadoPagoPayments({ accessToken: FAKE_MP_TOKEN, notificationUrl: receiver.url, baseUrl: mp.url, timeoutMs: 1_000 });
  const keys = inMemoryKeys();
  const orders = inMemoryStore(storeFailure, keys.keys);
  let n = 0;
  const fulfilment = createNativeFulfilment({
    orders,
    events: orders,
    operators: recordingRoster([operator('op-near', -33.42)]).locator,
    payments,
    policy,
    clock: () => new Date(),
    newPaymentReference: () => `flow-${Date.now()}-${++n}`,
  });
  const service = createOrderService({ fulfilment, idempotency: keys, clock: () => new Date() });
  return { service, orders, close: () => payments.close() };
}

beforeAll(async () => {
  mp = await startFakeMercadoPago();
  notifications = createMercadoPagoNotifications({ webhookSecret: FAKE_MP_SECRET, accessToken: FAKE_MP_TOKEN, baseUrl: mp.url, timeoutMs: 1_000 });
  receiver = await startReceiver();
});
afterEach(() => {
  mp.mode = 'ok';
});
afterAll(async () => {
  await notifications.close();
  await mp.close();
  receiver.server.closeAllConnections();
  await new Promise((resolve) => receiver.server.close(resolve));
});

describe('an order paid through Mercado Pago', () => {
  it('when the payer pays the link, then the signed notification names the payment and reading it back says paid', async () => {
    const { service, close } = arrange();
    const order = await service.createOrder(ana, towing);
    await close();
    const paymentId = mp.pay(order.paymentReference);
    const notificationUrl = mp.preference(order.paymentReference)!.notification_url;

    // Sent where the preference asked, as Mercado Pago does.
    const delivered = await mp.notify(notificationUrl, paymentId);
    const verdict = receiver.verdicts.at(-1);
    const payment = await notifications.readPayment(paymentId);

    expect(order.paymentUrl).toBe(mp.preference(order.paymentReference)!.init_point);
    expect(notificationUrl).toBe(`${receiver.url}?source_news=webhooks`);
    expect(delivered.status).toBe(200);
    expect(verdict).toMatchObject({ kind: 'payment', providerPaymentId: paymentId });
    expect(payment).toMatchObject({ reference: order.paymentReference, state: 'paid', amount: order.amounts.total, currency: 'CLP' });
  });

  it('when a notification is forged, then it gets 401 and is not taken', async () => {
    const before = receiver.verdicts.length;

    const delivered = await mp.notify(receiver.url, '1320000001', { secret: 'guessed-secret' });

    expect(delivered.status).toBe(401);
    expect(receiver.verdicts).toHaveLength(before);
  });

  it('when Mercado Pago repeats a notification, then both name the same payment, whose state is read again', async () => {
    const { service, close } = arrange();
    const order = await service.createOrder(ana, towing);
    await close();
    const paymentId = mp.pay(order.paymentReference, 'in_process');

    await mp.notify(receiver.url, paymentId);
    mp.setPaymentStatus(paymentId, 'approved');
    await mp.notify(receiver.url, paymentId);

    expect(receiver.verdicts.slice(-2).map((v) => v.kind === 'payment' && v.providerPaymentId)).toEqual([paymentId, paymentId]);
    expect((await notifications.readPayment(paymentId)).state).toBe('paid');
  });
});

describe('an order when Mercado Pago or the store fails', () => {
  it('when Mercado Pago fails at creation, then the order is refused as PAYMENT_PROVIDER_UNAVAILABLE and nothing is stored', async () => {
    const { service, orders, close } = arrange();
    mp.mode = 'server_error';

    const failure = service.createOrder(ana, towing);

    await expect(failure).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', cause: { kind: 'server_error' } });
    expect(orders.rows).toEqual([]);
    await close();
  });

  it('when the store fails after the link was made, then the link is voided at Mercado Pago', async () => {
    const { service, close } = arrange(new Error('store down'));
    const before = mp.requests.length;

    await expect(service.createOrder(ana, towing)).rejects.toThrow('store down');
    await close();
    const created = mp.requests.slice(before).find((r) => r.method === 'POST')!;
    const reference = JSON.parse(created.body).external_reference;

    expect(mp.payable(reference)).toBe(false);
  });
});
