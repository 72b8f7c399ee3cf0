import { describe, expect, it } from 'vitest';
import { DeadlineError } from '../../../src/platform/deadline.js';
import { PaymentProviderError } from '../../../src/platform/errors.js';
import { createNativeFulfilment, type NativeFulfilmentDeps } from '../../../src/orders/domain/native-fulfilment.js';
import type { Point } from '../../../src/orders/domain/order.js';
import { parseOrderRequest } from '../../../src/orders/domain/order-request.js';
import type { Caller } from '../../../src/orders/domain/ports.js';
import type { PaymentLinkRequest, PaymentProvider } from '../../../src/payments/domain/ports.js';
import { priceService } from '../../../src/orders/domain/pricing.js';
import type { LegEstimate, LegEstimator } from '../../../src/orders/domain/routing.js';
import { inMemoryStore, NOW, operator, policy, recordingRoster } from './fakes.js';

const ana: Caller = { subject: 'user-ana', name: 'Ana' };
const origin = { latitude: -33.4378, longitude: -70.6505 };
const towing = parseOrderRequest({
  originLatitude: origin.latitude, originLongitude: origin.longitude, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceCode: 1, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
});
const batteryOnSite = parseOrderRequest({
  originLatitude: origin.latitude, originLongitude: origin.longitude, serviceCode: 2, phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD',
});

const road = (distanceMetres: number): LegEstimate => ({ source: 'road', distanceMetres, durationSeconds: distanceMetres / 10 });
const fallback = (distanceMetres: number): LegEstimate => ({
  source: 'great_circle', fallback: 'provider_late', distanceMetres, durationSeconds: distanceMetres / 8,
});

/** Answers each leg from `answer`, and records the legs asked, in order. */
function scriptedLegs(answer: (from: Point, to: Point) => LegEstimate) {
  const asked: { from: Point; to: Point }[] = [];
  const legs: LegEstimator = async (from, to) => {
    asked.push({ from, to });
    return answer(from, to);
  };
  return { legs, asked };
}

/** Records links made and voided, with the provider's id of each link; `behave` may fail or hang. */
function linkProvider(behave: (request: PaymentLinkRequest, signal?: AbortSignal) => Promise<void> = async () => {}) {
  const made: PaymentLinkRequest[] = [];
  const voided: [string, string | undefined][] = [];
  const provider: PaymentProvider = {
    async createPaymentLink(request, signal) {
      made.push(request);
      await behave(request, signal);
      return { url: `https://pay.example/${request.reference}`, linkId: `link-${request.reference}` };
    },
    async cancelPaymentLink(reference, linkId) {
      voided.push([reference, linkId]);
    },
    async refundPayment() {},
  };
  return { provider, made, voided };
}

function arrange(over: Partial<NativeFulfilmentDeps> = {}, storeFailure?: Error) {
  const orders = inMemoryStore(storeFailure);
  const payments = linkProvider();
  const fulfilment = createNativeFulfilment(Object.assign({
    orders,
    events: orders,
    operators: recordingRoster([operator('op-near', -33.42)]).locator,
    payments: payments.provider,
    policy,
    clock: () => new Date(NOW),
    newPaymentReference: () => 'ref-1',
  }, over));
  return { fulfilment, orders, payments };
}

describe('an order estimated by the leg estimator', () => {
  it('when every leg is by road, then the order is priced on the road trip and says road', async () => {
    const { legs } = scriptedLegs((_, to) => (to.latitude === origin.latitude ? road(2_500) : road(12_000)));

    const order = await arrange({ legs }).fulfilment.fulfil(ana, towing);

    expect(order).toMatchObject({
      estimateSource: 'road', distanceMetres: 12_000, durationSeconds: 1_200, partnerDistanceMetres: 2_500, partnerDurationSeconds: 250,
    });
    expect(order.amounts).toEqual(priceService(1, 12_000, policy.pricing));
  });

  it('when one leg fell back to the great circle, then the order says great_circle', async () => {
    const { legs } = scriptedLegs((_, to) => (to.latitude === origin.latitude ? fallback(2_000) : road(12_000)));

    const order = await arrange({ legs }).fulfilment.fulfil(ana, towing);

    expect(order).toMatchObject({ estimateSource: 'great_circle', distanceMetres: 12_000, partnerDistanceMetres: 2_000 });
  });

  it('when the service is on site without a destination, then only the approach is estimated and the trip is zero', async () => {
    const { legs, asked } = scriptedLegs(() => road(2_500));

    const order = await arrange({ legs }).fulfilment.fulfil(ana, batteryOnSite);

    expect(asked).toEqual([{ from: { latitude: -33.42, longitude: -70.6505 }, to: origin }]);
    expect(order).toMatchObject({ estimateSource: 'road', distanceMetres: 0, durationSeconds: 0, partnerDistanceMetres: 2_500 });
  });

  it('when both legs are asked, then they run together: the trip does not wait for the approach', async () => {
    const pending: ((leg: LegEstimate) => void)[] = [];
    const legs: LegEstimator = () => new Promise((resolve) => pending.push(resolve));

    const order = arrange({ legs }).fulfilment.fulfil(ana, towing);
    await new Promise((resolve) => setImmediate(resolve));
    const startedTogether = pending.length;
    pending.forEach((resolve) => resolve(road(5_000)));

    expect(startedTogether).toBe(2);
    expect((await order).estimateSource).toBe('road');
  });

  it('when no estimator is given, then the legs are the great circle times the circuity factor', async () => {
    const order = await arrange().fulfilment.fulfil(ana, towing);

    expect(order.estimateSource).toBe('great_circle');
    expect(order.distanceMetres).toBeGreaterThan(9_000);
  });
});

describe("an order's payment link", () => {
  it("when the provider names its link, then the order keeps the link's id, and its expiry is the link's", async () => {
    const { fulfilment, payments } = arrange({ paymentLinkTtlMs: 30 * 60_000 });

    const order = await fulfilment.fulfil(ana, towing);

    const expiresAt = new Date(Date.parse(NOW) + 30 * 60_000);
    expect(order).toMatchObject({ paymentLinkId: 'link-ref-1', paymentExpiresAt: expiresAt });
    expect(payments.made[0]!.expiresAt).toEqual(expiresAt);
  });

  it('when no lifetime is set, then the link does not expire', async () => {
    const { fulfilment, payments } = arrange();

    const order = await fulfilment.fulfil(ana, towing);

    expect(order.paymentExpiresAt).toBeNull();
    expect(payments.made[0]!.expiresAt).toBeUndefined();
  });

  it('when the provider does not answer within the deadline, then the order is refused, nothing is stored and the link is voided', async () => {
    const payments = linkProvider((_, signal) => new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))));
    const { fulfilment, orders } = arrange({ payments: payments.provider, paymentDeadlineMs: 20 });

    const failure = fulfilment.fulfil(ana, towing);

    await expect(failure).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(failure).rejects.toMatchObject({ cause: expect.any(DeadlineError) });
    expect(orders.rows).toEqual([]);
    expect(payments.voided).toEqual([['ref-1', undefined]]);
  });

  it("when the store fails, then the link is voided by the provider's own id", async () => {
    const { fulfilment, payments } = arrange({}, new Error('disk full'));

    await expect(fulfilment.fulfil(ana, towing)).rejects.toThrow('disk full');

    expect(payments.voided).toEqual([['ref-1', 'link-ref-1']]);
  });
});
