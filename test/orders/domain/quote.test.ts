import { describe, expect, it } from 'vitest';
import { InvalidInputError, NoOperatorAvailableError } from '../../../src/platform/errors.js';
import { createLegEstimator, type RoutingProvider } from '../../../src/orders/domain/routing.js';
import type { Caller } from '../../../src/orders/domain/ports.js';
import { cachedRouting } from '../../../src/orders/routing/cached.js';
import { arrangeOrderService, operator, policy } from './fakes.js';

const ana: Caller = { subject: 'user-ana', name: 'Ana' };
const towing = {
  originLatitude: -33.4378, originLongitude: -70.6505, destinationLatitude: -33.495, destinationLongitude: -70.58,
  serviceCode: 1, phoneNumber: '+56912345678', vehicleIdentification: 'ab-12 cd',
};
const near = [operator('op-near', -33.42)];
const FIGURES = ['distanceMetres', 'durationSeconds', 'amounts', 'currency', 'partnerDistanceMetres', 'partnerDurationSeconds', 'estimateSource'] as const;
const figuresOf = (from: object) => Object.fromEntries(FIGURES.map((k) => [k, (from as Record<string, unknown>)[k]]));

/** A road provider whose answers grow by a hundred metres with every call, as a traffic-aware one drifts between two asks. */
function driftingProvider(): RoutingProvider & { calls: number } {
  const provider = {
    calls: 0,
    async route() {
      provider.calls += 1;
      return { distanceMetres: 20_000 + 100 * provider.calls, durationSeconds: 1_500 + 10 * provider.calls };
    },
  };
  return provider;
}

/** The service estimating its legs through `provider`, as compose-providers.ts wires it. */
const routedBy = (provider: RoutingProvider) =>
  arrangeOrderService({ operators: near, legs: createLegEstimator({ provider, deadlineMs: 1_000, travel: policy.travel }) });

describe('quoting an order', () => {
  it('when the request is valid, then the quote has the figures the order gets, and no link is made, no order stored', async () => {
    const { service, orders, payments } = arrangeOrderService({ operators: near });

    const quote = await service.quote(towing);
    expect([orders.rows.length, payments.created.length]).toEqual([0, 0]);
    const order = await service.createOrder(ana, towing);

    expect(quote).toMatchObject({ quotedOperatorId: 'op-near', estimateSource: 'great_circle', currency: 'CLP' });
    expect(figuresOf(quote)).toEqual(figuresOf(order));
  });

  it('when the request breaks a rule or no operator is near, then the quote is refused as the order would be', async () => {
    const { service } = arrangeOrderService({ operators: near });

    await expect(service.quote({ ...towing, phoneNumber: '12' })).rejects.toThrow(InvalidInputError);
    await expect(service.quote({ ...towing, originLatitude: 0, originLongitude: 0 })).rejects.toThrow(NoOperatorAvailableError);
  });

  it('when the routing provider drifts between two asks, then without a cache the order strays from its quote', async () => {
    const { service } = routedBy(driftingProvider());

    const quote = await service.quote(towing);
    const order = await service.createOrder(ana, towing);

    expect(order.distanceMetres).toBeGreaterThan(quote.distanceMetres);
  });

  it('when the routing provider drifts but its answers are cached, then the order made after the quote carries its figures', async () => {
    const provider = driftingProvider();
    const { service } = routedBy(cachedRouting(provider));

    const quote = await service.quote(towing);
    const order = await service.createOrder(ana, towing);

    expect(quote.estimateSource).toBe('road');
    expect(figuresOf(order)).toEqual(figuresOf(quote));
    expect(provider.calls).toBe(2);
  });
});
