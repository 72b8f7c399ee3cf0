import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Point } from '../../../src/orders/domain/order.js';
import { NoRouteError } from '../../../src/orders/domain/routing.js';
import { createGoogleRoutesRouting } from '../../../src/orders/routing/google-routes.js';
import { OutboundError } from '../../../src/platform/outbound/json-client.js';
import { fakeRoadMetres } from '../../support/fakes/fake-osrm.js';
import { FAKE_GOOGLE_KEY, startFakeGoogleRoutes } from '../../support/fakes/fake-google-routes.js';

const plazaDeArmas: Point = { latitude: -33.4378, longitude: -70.6505 };
const laReina: Point = { latitude: -33.495, longitude: -70.58 };

let google: Awaited<ReturnType<typeof startFakeGoogleRoutes>>;
let routing: ReturnType<typeof createGoogleRoutesRouting>;
const never = () => new AbortController().signal;
const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

beforeAll(async () => {
  google = await startFakeGoogleRoutes();
  routing = createGoogleRoutesRouting({ apiKey: FAKE_GOOGLE_KEY, baseUrl: google.url, timeoutMs: 2_000 });
});
afterEach(() => {
  google.mode = 'ok';
});
afterAll(async () => {
  await routing.close();
  await google.close();
});

describe('the Google Routes adapter', () => {
  it('posts computeRoutes with the key, the field mask and both points as latLng, driving', async () => {
    await routing.route(plazaDeArmas, laReina, never());
    const sent = google.requests.at(-1)!;

    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/directions/v2:computeRoutes');
    expect(sent.headers['x-goog-api-key']).toBe(FAKE_GOOGLE_KEY);
    expect(sent.headers['x-goog-fieldmask']).toBe('routes.distanceMeters,routes.duration');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({
      origin: { location: { latLng: { latitude: -33.4378, longitude: -70.6505 } } },
      destination: { location: { latLng: { latitude: -33.495, longitude: -70.58 } } },
      travelMode: 'DRIVE',
    });
  });

  it('reads distanceMeters and the "<seconds>s" duration of the first route', async () => {
    const metres = Math.round(fakeRoadMetres(plazaDeArmas, laReina));

    const route = await routing.route(plazaDeArmas, laReina, never());

    expect(route).toEqual({ distanceMetres: metres, durationSeconds: Math.round(metres / 10) });
  });

  it('reads the example answer of the Routes API documentation', async () => {
    google.mode = 'recorded';

    expect(await routing.route(plazaDeArmas, laReina, never())).toEqual({ distanceMetres: 772, durationSeconds: 165 });
  });

  it('sends a routing preference only when one is configured', async () => {
    const traffic = createGoogleRoutesRouting({
      apiKey: FAKE_GOOGLE_KEY,
      baseUrl: google.url,
      timeoutMs: 2_000,
      routingPreference: 'TRAFFIC_AWARE',
    });

    await traffic.route(plazaDeArmas, laReina, never());
    await traffic.close();

    expect(JSON.parse(google.requests.at(-1)!.body).routingPreference).toBe('TRAFFIC_AWARE');
  });

  it('when Google answers an empty object, then there is no route', async () => {
    google.mode = 'no_route';

    expect(await failureOf(routing.route(plazaDeArmas, laReina, never()))).toBeInstanceOf(NoRouteError);
  });

  it('when the key is wrong, then the failure is a rejection that reached Google', async () => {
    const wrongKey = createGoogleRoutesRouting({ apiKey: 'not-the-key', baseUrl: google.url, timeoutMs: 2_000 });

    const error = await failureOf(wrongKey.route(plazaDeArmas, laReina, never()));
    await wrongKey.close();

    expect(error).toBeInstanceOf(OutboundError);
    expect(error).toMatchObject({ kind: 'rejected', reached: 'yes', status: 400 });
  });

  it.each([
    ['server_error', 'server_error'],
    ['malformed', 'malformed'],
    ['garbage', 'malformed'],
    ['reset', 'connection_lost'],
  ] as const)('when Google answers %s, then the failure is %s', async (mode, kind) => {
    google.mode = mode;

    expect(await failureOf(routing.route(plazaDeArmas, laReina, never()))).toMatchObject({ service: 'google-routes', kind });
  });

  it('when the caller aborts a slow call, then it stops with a timeout', async () => {
    google.mode = 'slow';
    const caller = new AbortController();

    const pending = failureOf(routing.route(plazaDeArmas, laReina, caller.signal));
    caller.abort();

    expect(await pending).toMatchObject({ kind: 'timeout' });
  });
});
