import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '../../../src/orders/domain/order.js';
import { NoRouteError } from '../../../src/orders/domain/routing.js';
import { createOsrmRouting } from '../../../src/orders/routing/osrm.js';
import { OutboundError } from '../../../src/platform/outbound/json-client.js';
import { fakeRoadMetres, startFakeOsrm } from '../../support/fakes/fake-osrm.js';

const plazaDeArmas: Point = { latitude: -33.4378, longitude: -70.6505 };
const laReina: Point = { latitude: -33.495, longitude: -70.58 };

let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;
let routing: ReturnType<typeof createOsrmRouting>;
const never = () => new AbortController().signal;

beforeAll(async () => {
  osrm = await startFakeOsrm();
  routing = createOsrmRouting({ baseUrl: osrm.url, timeoutMs: 2_000 });
});
afterEach(() => {
  osrm.mode = 'ok';
});
afterAll(async () => {
  await routing.close();
  await osrm.close();
});

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('the OSRM adapter', () => {
  it('asks the route service with longitude first and no overview, and reads the first route', async () => {
    const route = await routing.route(plazaDeArmas, laReina, never());

    expect(osrm.requests.at(-1)!.url).toBe('/route/v1/driving/-70.650500,-33.437800;-70.580000,-33.495000?overview=false');
    expect(route).toEqual({ distanceMetres: fakeRoadMetres(plazaDeArmas, laReina), durationSeconds: expect.any(Number) });
  });

  it('reads the example answer of the OSRM documentation', async () => {
    osrm.mode = 'recorded';

    expect(await routing.route(plazaDeArmas, laReina, never())).toEqual({ distanceMetres: 90, durationSeconds: 300 });
  });

  it('keeps a path prefix of the base URL and the configured profile', async () => {
    const prefixed = createOsrmRouting({ baseUrl: `${osrm.url}/osrm/`, profile: 'car', timeoutMs: 2_000 });

    await failureOf(prefixed.route(plazaDeArmas, laReina, never()));
    await prefixed.close();

    expect(osrm.requests.at(-1)!.url).toMatch(/^\/osrm\/route\/v1\/car\//);
  });

  it('when OSRM finds no route, then it says NoRouteError', async () => {
    osrm.mode = 'no_route';

    expect(await failureOf(routing.route(plazaDeArmas, laReina, never()))).toBeInstanceOf(NoRouteError);
  });

  it.each([
    ['server_error', 'server_error', 'yes'],
    ['malformed', 'malformed', 'yes'],
    ['reset', 'connection_lost', 'maybe'],
  ] as const)('when OSRM answers %s, then the failure is %s and says whether it was reached', async (mode, kind, reached) => {
    osrm.mode = mode;

    const error = await failureOf(routing.route(plazaDeArmas, laReina, never()));

    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ service: 'osrm', kind, reached });
  });

  it('when OSRM answers a route of the wrong shape, then it passes the numbers for the estimator to judge', async () => {
    osrm.mode = 'garbage';

    const route = await routing.route(plazaDeArmas, laReina, never());

    expect(route.distanceMetres).toBe(-1);
  });

  it('when the caller aborts a slow call, then it stops with a timeout', async () => {
    osrm.mode = 'slow';
    const caller = new AbortController();

    const pending = failureOf(routing.route(plazaDeArmas, laReina, caller.signal));
    caller.abort();

    expect(await pending).toMatchObject({ kind: 'timeout' });
  });

  it('when OSRM is slower than the adapter deadline, then the call times out on its own', async () => {
    osrm.mode = 'slow';
    const impatient = createOsrmRouting({ baseUrl: osrm.url, timeoutMs: 50 });

    const error = await failureOf(impatient.route(plazaDeArmas, laReina, never()));
    await impatient.close();

    expect(error).toMatchObject({ kind: 'timeout', reached: 'maybe' });
  });

  it('when nothing listens at the address, then the failure says the request never left', async () => {
    const closed = await startFakeOsrm();
    await closed.close();
    const nowhere = createOsrmRouting({ baseUrl: closed.url, timeoutMs: 2_000 });

    const error = await failureOf(nowhere.route(plazaDeArmas, laReina, never()));
    await nowhere.close();

    expect(error).toMatchObject({ kind: 'unreachable', reached: 'no' });
  });

  it('calls one after another share kept-alive connections', async () => {
    const pooled = createOsrmRouting({ baseUrl: osrm.url, timeoutMs: 2_000 });
    const before = osrm.connections;

    for (let i = 0; i < 10; i += 1) await pooled.route(plazaDeArmas, laReina, never());
    await pooled.close();

    // The pool may open a second socket while the first is being released; never one a call.
    expect(osrm.connections - before).toBeLessThanOrEqual(2);
  });
});
