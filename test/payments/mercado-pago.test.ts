import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMercadoPagoPayments, type MercadoPagoOptions } from '../../src/payments/providers/mercado-pago.js';
import { OutboundError } from '../../src/platform/outbound/json-client.js';
import { FAKE_MP_TOKEN, startFakeMercadoPago } from '../support/fakes/fake-mercado-pago.js';

const NOTIFY = 'https://orders.example/webhooks/mercado-pago';
const request = (reference: string, amount = 35_000, currency = 'CLP') => ({
  reference,
  amount,
  currency,
  description: 'Asistencia en ruta: grúa',
});
const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
const open: { close(): Promise<void> }[] = [];
function adapter(over: Partial<MercadoPagoOptions> = {}) {
  const payments = createMercadoPagoPayments({ accessToken: FAKE_MP_TOKEN, notificationUrl: NOTIFY, baseUrl: mp.url, timeoutMs: 2_000, ...over });
  open.push(payments);
  return payments;
}

beforeAll(async () => {
  mp = await startFakeMercadoPago();
});
afterEach(async () => {
  mp.mode = 'ok';
  await Promise.all(open.splice(0).map((p) => p.close()));
});
afterAll(() => mp.close());

describe('creating a Mercado Pago payment link', () => {
  it('posts a Checkout Pro preference for the order and hands out its init_point', async () => {
    const link = await adapter().createPaymentLink(request('ref-create'));
    const sent = mp.requests.at(-1)!;

    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/checkout/preferences');
    expect(sent.headers.authorization).toBe(`Bearer ${FAKE_MP_TOKEN}`);
    expect(sent.headers['x-idempotency-key']).toBe('ref-create');
    expect(JSON.parse(sent.body)).toEqual({
      items: [{ id: 'ref-create', title: 'Asistencia en ruta: grúa', quantity: 1, unit_price: 35_000, currency_id: 'CLP' }],
      external_reference: 'ref-create',
      notification_url: `${NOTIFY}?source_news=webhooks`,
    });
    expect(link).toEqual({ url: mp.preference('ref-create')!.init_point, linkId: mp.preference('ref-create')!.id });
    expect(mp.payable('ref-create')).toBe(true);
  });

  it("when the order's link expires, then the preference expires then", async () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    const expiresAt = new Date('2026-01-02T04:04:05.678Z');

    await adapter({ clock: () => now }).createPaymentLink(Object.assign(request('ref-ttl'), { expiresAt }));

    expect(mp.preference('ref-ttl')).toMatchObject({
      expires: true,
      expiration_date_from: '2026-01-02T03:04:05.678+00:00',
      expiration_date_to: '2026-01-02T04:04:05.678+00:00',
    });
  });

  it('sends back URLs and returns automatically on approval when a success URL is configured', async () => {
    const backUrls = { success: 'https://app.example/paid', failure: 'https://app.example/failed' };

    await adapter({ backUrls }).createPaymentLink(request('ref-back'));

    expect(mp.preference('ref-back')).toMatchObject({ back_urls: backUrls, auto_return: 'approved' });
  });

  it('with test credentials, hands out the sandbox_init_point', async () => {
    const link = await adapter({ sandbox: true }).createPaymentLink(request('ref-sandbox'));

    expect(link.url).toBe(mp.preference('ref-sandbox')!.sandbox_init_point);
  });

  it('writes amounts in the currency’s major unit: 1234 cents are 12.34', async () => {
    await adapter().createPaymentLink(request('ref-usd', 1_234, 'USD'));

    expect(mp.preference('ref-usd')!.items[0]).toMatchObject({ unit_price: 12.34, currency_id: 'USD' });
  });

  it('when the creation is retried with the same reference, then Mercado Pago keeps one preference', async () => {
    const first = await adapter().createPaymentLink(request('ref-retry'));
    const second = await adapter().createPaymentLink(request('ref-retry'));

    expect(second).toEqual(first);
  });

  it.each([
    ['server_error', 'server_error', 'yes'],
    ['malformed', 'malformed', 'yes'],
    ['reset', 'connection_lost', 'maybe'],
  ] as const)('when Mercado Pago answers %s, then it fails as %s, reached: %s', async (mode, kind, reached) => {
    mp.mode = mode;

    const error = await failureOf(adapter().createPaymentLink(request(`ref-${mode}`)));

    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ service: 'mercado-pago', kind, reached });
  });

  it('when Mercado Pago is slower than the deadline, then it fails as a timeout', async () => {
    mp.mode = 'slow';

    expect(await failureOf(adapter({ timeoutMs: 50 }).createPaymentLink(request('ref-slow')))).toMatchObject({ kind: 'timeout' });
  });

  it('when the access token is refused, then it fails as rejected with the status', async () => {
    const error = await failureOf(adapter({ accessToken: 'APP_USR-wrong' }).createPaymentLink(request('ref-token')));

    expect(error).toMatchObject({ kind: 'rejected', status: 401, reached: 'yes' });
  });

  it('when nothing listens at the base URL, then the failure says the request never left', async () => {
    const gone = await startFakeMercadoPago();
    await gone.close();

    const error = await failureOf(adapter({ baseUrl: gone.url }).createPaymentLink(request('ref-gone')));

    expect(error).toMatchObject({ kind: 'unreachable', reached: 'no' });
  });
});

describe('voiding a Mercado Pago payment link', () => {
  it('expires the preference, with both ends of its validity in the past, so it cannot be paid', async () => {
    const payments = adapter();
    await payments.createPaymentLink(request('ref-void'));

    await payments.cancelPaymentLink('ref-void');
    const sent = mp.requests.at(-1)!;

    expect(sent.method).toBe('PUT');
    expect(sent.url).toBe(`/checkout/preferences/${mp.preference('ref-void')!.id}`);
    expect(JSON.parse(sent.body)).toMatchObject({ expires: true });
    expect(mp.payable('ref-void')).toBe(false);
    expect(() => mp.pay('ref-void')).toThrow(/no payable link/);
  });

  it('when given the preference id kept with the order, then it voids that preference', async () => {
    const { linkId } = await adapter().createPaymentLink(request('ref-kept'));

    await adapter().cancelPaymentLink('ref-kept', linkId);

    expect(mp.payable('ref-kept')).toBe(false);
  });

  it('when this process does not remember the reference, then it finds the preference by searching', async () => {
    await adapter().createPaymentLink(request('ref-search'));

    await adapter().cancelPaymentLink('ref-search');

    expect(mp.requests.some((r) => r.url === '/checkout/preferences/search?external_reference=ref-search')).toBe(true);
    expect(mp.payable('ref-search')).toBe(false);
  });

  it('when no preference was ever made for the reference, then there is nothing to void', async () => {
    const before = mp.requests.length;

    await adapter().cancelPaymentLink('ref-never');

    expect(mp.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
  });

  it('when Mercado Pago fails, then voiding fails and says how', async () => {
    const payments = adapter();
    await payments.createPaymentLink(request('ref-void-fails'));
    mp.mode = 'server_error';

    expect(await failureOf(payments.cancelPaymentLink('ref-void-fails'))).toMatchObject({ kind: 'server_error' });
  });
});
