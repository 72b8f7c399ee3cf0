import { describe, expect, it } from 'vitest';
import type { Point } from '../../../src/orders/domain/order.js';
import type { Route, RoutingProvider } from '../../../src/orders/domain/routing.js';
import { cachedRouting } from '../../../src/orders/routing/cached.js';

const plazaDeArmas: Point = { latitude: -33.4378, longitude: -70.6505 };
const laReina: Point = { latitude: -33.4953, longitude: -70.5804 };
// 20 to 45 m from each, in the same 0.001° cells.
const nearPlaza: Point = { latitude: -33.43795, longitude: -70.65065 };
const nearLaReina: Point = { latitude: -33.4956, longitude: -70.5807 };
// About 2 km away.
const providencia: Point = { latitude: -33.4263, longitude: -70.6176 };

const signal = new AbortController().signal;

/** Counts calls; answers 1 000 m per call made so far, so a cached answer is recognisable. */
function counting(fail = false) {
  let calls = 0;
  const provider: RoutingProvider = {
    async route() {
      calls += 1;
      if (fail) throw new Error('down');
      return { distanceMetres: calls * 1_000, durationSeconds: calls * 100 };
    },
  };
  return { provider, calls: () => calls };
}

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the route cache', () => {
  it('when a nearby pair was routed recently, then its answer is given without asking the provider', async () => {
    const { provider, calls } = counting();
    const cache = cachedRouting(provider);

    const first = await cache.route(plazaDeArmas, laReina, signal);
    const second = await cache.route(nearPlaza, nearLaReina, signal);

    expect(second).toEqual(first);
    expect(calls()).toBe(1);
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, size: 1 });
  });

  it('when one end is far from the cached pair, then the provider is asked', async () => {
    const { provider, calls } = counting();
    const cache = cachedRouting(provider);

    await cache.route(plazaDeArmas, laReina, signal);
    await cache.route(providencia, laReina, signal);

    expect(calls()).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 2 });
  });

  it('when the same pair is asked the other way round, then it is another route (one-way streets)', async () => {
    const { provider, calls } = counting();
    const cache = cachedRouting(provider);

    await cache.route(plazaDeArmas, laReina, signal);
    await cache.route(laReina, plazaDeArmas, signal);

    expect(calls()).toBe(2);
  });

  it('when the answer is older than the TTL, then the provider is asked again and the new answer kept', async () => {
    const { provider, calls } = counting();
    const time = clock();
    const cache = cachedRouting(provider, { ttlMs: 60_000, now: time.now });

    await cache.route(plazaDeArmas, laReina, signal);
    time.advance(59_999);
    const fresh = await cache.route(plazaDeArmas, laReina, signal);
    time.advance(1);
    const renewed = await cache.route(plazaDeArmas, laReina, signal);

    expect(fresh.distanceMetres).toBe(1_000);
    expect(renewed.distanceMetres).toBe(2_000);
    expect(calls()).toBe(2);
  });

  it('when the provider fails, then nothing is kept and the next call asks again', async () => {
    const { provider, calls } = counting(true);
    const cache = cachedRouting(provider);

    await expect(cache.route(plazaDeArmas, laReina, signal)).rejects.toThrow('down');
    await expect(cache.route(plazaDeArmas, laReina, signal)).rejects.toThrow('down');

    expect(calls()).toBe(2);
    expect(cache.stats().size).toBe(0);
  });

  it('when the provider answers garbage, then it is passed on but not kept', async () => {
    const garbage: RoutingProvider = { route: async (): Promise<Route> => ({ distanceMetres: -1, durationSeconds: 5 }) };
    const cache = cachedRouting(garbage);

    await cache.route(plazaDeArmas, laReina, signal);

    expect(cache.stats().size).toBe(0);
  });

  it('keeps at most the configured number of pairs, dropping the least recently used', async () => {
    const { provider, calls } = counting();
    const cache = cachedRouting(provider, { maxEntries: 2 });

    await cache.route(plazaDeArmas, laReina, signal);
    await cache.route(providencia, laReina, signal);
    await cache.route(plazaDeArmas, laReina, signal); // the first pair is now the most recent
    await cache.route(laReina, providencia, signal); // drops providencia → laReina
    await cache.route(plazaDeArmas, laReina, signal);
    await cache.route(providencia, laReina, signal);

    expect(cache.stats().size).toBe(2);
    expect(calls()).toBe(4);
  });
});
