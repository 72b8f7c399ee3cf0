import { describe, expect, it } from 'vitest';
import { estimateTravel, type TravelModel } from '../../../src/orders/domain/travel.js';
import { greatCircleMetres } from '../../../src/orders/domain/geo.js';
import type { Point } from '../../../src/orders/domain/order.js';
import {
  createLegEstimator,
  NoRouteError,
  RoutingUnavailableError,
  type Route,
  type RoutingProvider,
} from '../../../src/orders/domain/routing.js';

const plazaDeArmas: Point = { latitude: -33.4378, longitude: -70.6505 };
const laReina: Point = { latitude: -33.495, longitude: -70.58 };
const travel: TravelModel = { circuityFactor: 1.25, averageSpeedKmh: 30 };
const greatCircleEstimate = estimateTravel(plazaDeArmas, laReina, travel);
const DEADLINE_MS = 50;

const answering = (route: Route): RoutingProvider => ({ route: async () => route });
const failing = (error: Error): RoutingProvider => ({
  route: async () => {
    throw error;
  },
});

/** Never answers; remembers the signal it was given, to see that the call was aborted. */
function hanging() {
  const seen: AbortSignal[] = [];
  const provider: RoutingProvider = {
    route: (_from, _to, signal) => {
      seen.push(signal);
      return new Promise<Route>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    },
  };
  return { provider, seen };
}

const estimator = (provider: RoutingProvider | null) => createLegEstimator({ provider, deadlineMs: DEADLINE_MS, travel });

describe('estimating a leg', () => {
  it('when no provider is configured, then the leg is the great-circle estimate and says so', async () => {
    const leg = await estimator(null)(plazaDeArmas, laReina);

    expect(leg).toEqual({ source: 'great_circle', ...greatCircleEstimate });
  });

  it('when the provider answers, then the leg is its road, in whole metres rounded up and whole seconds', async () => {
    const leg = await estimator(answering({ distanceMetres: 12_345.2, durationSeconds: 1_100.6 }))(plazaDeArmas, laReina);

    expect(leg).toEqual({ source: 'road', distanceMetres: 12_346, durationSeconds: 1_101 });
  });

  it('when the provider fails, then the leg is the great-circle estimate and says the provider failed', async () => {
    const leg = await estimator(failing(new Error('connection refused')))(plazaDeArmas, laReina);

    expect(leg).toEqual({ source: 'great_circle', fallback: 'provider_failed', ...greatCircleEstimate });
  });

  it('when the provider throws before returning a promise, then the leg still falls back', async () => {
    const provider: RoutingProvider = {
      route: () => {
        throw new Error('bad state');
      },
    };

    const leg = await estimator(provider)(plazaDeArmas, laReina);

    expect(leg.fallback).toBe('provider_failed');
  });

  it('when the provider is late, then the leg falls back at the deadline and the provider call is aborted', async () => {
    const { provider, seen } = hanging();

    const leg = await estimator(provider)(plazaDeArmas, laReina);

    expect(leg).toEqual({ source: 'great_circle', fallback: 'provider_late', ...greatCircleEstimate });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.aborted).toBe(true);
  });

  it('when the caller gives up first, then the provider call is aborted and the leg falls back', async () => {
    const { provider, seen } = hanging();
    const caller = new AbortController();

    const pending = createLegEstimator({ provider, deadlineMs: 60_000, travel })(plazaDeArmas, laReina, caller.signal);
    caller.abort();
    const leg = await pending;

    expect(leg.source).toBe('great_circle');
    expect(seen[0]!.aborted).toBe(true);
  });

  it.each([
    ['a distance that is not a number', { distanceMetres: Number.NaN, durationSeconds: 10 }],
    ['a negative distance', { distanceMetres: -5, durationSeconds: 10 }],
    ['an infinite duration', { distanceMetres: 9_000, durationSeconds: Number.POSITIVE_INFINITY }],
    ['a distance covered in no time', { distanceMetres: 12_000, durationSeconds: 0 }],
    ['no distance between points 9 km apart', { distanceMetres: 0, durationSeconds: 0 }],
    ['strings instead of numbers', { distanceMetres: '12000', durationSeconds: '900' } as unknown as Route],
  ])('when the provider answers %s, then the leg is the great-circle estimate, said to be garbage', async (_, route) => {
    const leg = await estimator(answering(route))(plazaDeArmas, laReina);

    expect(leg).toEqual({ source: 'great_circle', fallback: 'provider_garbage', ...greatCircleEstimate });
  });

  it('when the road is shorter than the great circle, then it is raised to it at the same average speed, and says so', async () => {
    const greatCircle = Math.ceil(greatCircleMetres(plazaDeArmas, laReina));
    const half = greatCircle / 2;

    const leg = await estimator(answering({ distanceMetres: half, durationSeconds: 300 }))(plazaDeArmas, laReina);

    expect(leg).toEqual({ source: 'road', clamped: true, distanceMetres: greatCircle, durationSeconds: 600 });
  });

  it('when both ends are the same point, then a road of no length is a road', async () => {
    const leg = await estimator(answering({ distanceMetres: 0, durationSeconds: 0 }))(plazaDeArmas, { ...plazaDeArmas });

    expect(leg).toEqual({ source: 'road', distanceMetres: 0, durationSeconds: 0 });
  });

  it('when the provider says there is no road, then the leg falls back and says why', async () => {
    const leg = await estimator(failing(new NoRouteError()))(plazaDeArmas, laReina);

    expect(leg.fallback).toBe('no_route');
  });

  it('when the provider is known to be down, then the leg falls back and says so', async () => {
    const leg = await estimator(failing(new RoutingUnavailableError()))(plazaDeArmas, laReina);

    expect(leg.fallback).toBe('provider_down');
  });
});
