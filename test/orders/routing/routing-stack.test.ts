import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Point } from '../../../src/orders/domain/order.js';
import { createLegEstimator } from '../../../src/orders/domain/routing.js';
import { createRoutingStack } from '../../../src/orders/routing/routing-stack.js';
import { FAKE_GOOGLE_KEY, startFakeGoogleRoutes } from '../../support/fakes/fake-google-routes.js';
import { startFakeOsrm } from '../../support/fakes/fake-osrm.js';

const plazaDeArmas: Point = { latitude: -33.4378, longitude: -70.6505 };
const laReina: Point = { latitude: -33.4953, longitude: -70.5804 };
const providencia: Point = { latitude: -33.4263, longitude: -70.6176 };
const travel = { circuityFactor: 1.25, averageSpeedKmh: 30 };

let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;
let google: Awaited<ReturnType<typeof startFakeGoogleRoutes>>;
beforeAll(async () => {
  [osrm, google] = await Promise.all([startFakeOsrm(), startFakeGoogleRoutes()]);
});
afterEach(() => {
  osrm.mode = 'ok';
});
afterAll(async () => {
  await Promise.all([osrm.close(), google.close()]);
});

describe('the routing stack behind the leg estimator', () => {
  it('when great_circle is configured, then there is no provider and legs are great-circle estimates', async () => {
    const stack = createRoutingStack({ provider: 'great_circle', timeoutMs: 1_000 });
    const estimate = createLegEstimator({ provider: stack.provider, deadlineMs: 100, travel });

    expect((await estimate(plazaDeArmas, laReina)).source).toBe('great_circle');
    expect(stack.cacheStats()).toBeNull();
  });

  it('when OSRM answers, then the leg is by road and a repeat is served from the cache', async () => {
    const stack = createRoutingStack({ provider: 'osrm', osrm: { baseUrl: osrm.url }, timeoutMs: 1_000 });
    const estimate = createLegEstimator({ provider: stack.provider, deadlineMs: 1_000, travel });
    const before = osrm.answered;

    const first = await estimate(plazaDeArmas, laReina);
    const again = await estimate(plazaDeArmas, laReina);
    await stack.close();

    expect(first.source).toBe('road');
    expect(again).toEqual(first);
    expect(osrm.answered - before).toBe(1);
    expect(stack.cacheStats()).toMatchObject({ hits: 1, misses: 1 });
  });

  it('when Google answers, then the leg is by road', async () => {
    const stack = createRoutingStack({
      provider: 'google',
      google: { apiKey: FAKE_GOOGLE_KEY, baseUrl: google.url },
      timeoutMs: 1_000,
    });
    const estimate = createLegEstimator({ provider: stack.provider, deadlineMs: 1_000, travel });

    const leg = await estimate(plazaDeArmas, laReina);
    await stack.close();

    expect(leg.source).toBe('road');
  });

  it('when OSRM hangs, then legs fall back at the deadline until the breaker opens, then at once', async () => {
    osrm.mode = 'slow';
    const stack = createRoutingStack({
      provider: 'osrm',
      osrm: { baseUrl: osrm.url },
      timeoutMs: 5_000,
      breaker: { consecutiveFailures: 2, halfOpenAfterMs: 60_000 },
    });
    const estimate = createLegEstimator({ provider: stack.provider, deadlineMs: 50, travel });
    const asked = osrm.requests.length;

    const late = [await estimate(plazaDeArmas, laReina), await estimate(providencia, laReina)];
    // The estimate returns at the deadline; the aborted call reaches the breaker just after.
    await vi.waitFor(() => expect(stack.breakerState()).toBe('open'));
    const down = await estimate(laReina, providencia);
    await stack.close();

    expect(late.map((leg) => leg.fallback)).toEqual(['provider_late', 'provider_late']);
    expect(down.fallback).toBe('provider_down');
    expect(osrm.requests.length - asked).toBe(2);
  });

  it('refuses a provider without its settings', () => {
    expect(() => createRoutingStack({ provider: 'osrm', timeoutMs: 1_000 })).toThrow(/base URL/);
    expect(() => createRoutingStack({ provider: 'google', timeoutMs: 1_000 })).toThrow(/API key/);
  });
});
