import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTravel } from '../../src/orders/domain/travel.js';
import { FAKE_GOOGLE_KEY, startFakeGoogleRoutes } from '../support/fakes/fake-google-routes.js';
import { fakeRoadMetres, startFakeOsrm } from '../support/fakes/fake-osrm.js';
import { CREATE_ORDER_BRIEF } from '../support/payment-queries.js';
import { restBody, SANTIAGO, SANTIAGO_SE, startTestService, type TestService } from '../support/service.js';

// The defaults of the configuration: what the great-circle fallback gives.
const TRAVEL = { circuityFactor: 1.25, averageSpeedKmh: 30 };

/** A trip near Santiago, a few hundred metres apart for each `n`, so that no two share the route cache's cells. */
const trip = (n: number) => ({
  origin: { latitude: SANTIAGO.latitude + n * 0.004, longitude: SANTIAGO.longitude },
  destination: SANTIAGO_SE,
});
const restTrip = (n: number) => {
  const { origin, destination } = trip(n);
  return restBody({ originLatitude: origin.latitude, originLongitude: origin.longitude,
    destinationLatitude: destination.latitude, destinationLongitude: destination.longitude });
};
const graphqlTrip = (n: number) => {
  const { origin, destination } = trip(n);
  return { input: { originLatitude: origin.latitude, originLongitude: origin.longitude, destinationLatitude: destination.latitude,
    destinationLongitude: destination.longitude, serviceCode: 'TOWING', phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD' } };
};

async function bothFaces(service: TestService, n: number) {
  const rest = await service.rest(restTrip(n));
  const graphql = (await service.gql(CREATE_ORDER_BRIEF, graphqlTrip(n + 1))).body.data.createOrder;
  expect(rest.status).toBe(200);
  expect(graphql.__typename).toBe('CreateOrderSuccess');
  return { rest: rest.body, graphql: graphql.order };
}

let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;
let google: Awaited<ReturnType<typeof startFakeGoogleRoutes>>;
let viaOsrm: TestService;
let viaGoogle: TestService;
beforeAll(async () => {
  [osrm, google] = await Promise.all([startFakeOsrm(), startFakeGoogleRoutes()]);
  // No cache, so that every order asks the provider; a short deadline, so that a slow one is quickly late.
  viaOsrm = await startTestService({
    env: { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url, ROUTING_CACHE_SECONDS: '0', ROUTING_DEADLINE_MS: '300' },
  });
  viaGoogle = await startTestService({
    env: { ROUTING_PROVIDER: 'google', ROUTING_GOOGLE_URL: google.url, ROUTING_GOOGLE_API_KEY: FAKE_GOOGLE_KEY },
  });
});
afterAll(async () => {
  for (const service of [viaOsrm, viaGoogle]) {
    await service?.stop();
    await service?.close();
  }
  await Promise.all([osrm?.close(), google?.close()]);
});

describe('orders estimated by a routing provider', () => {
  it('when OSRM answers, then both faces price the road trip and say ROAD', async () => {
    const { rest, graphql } = await bothFaces(viaOsrm, 0);

    expect(rest.estimateSource).toBe('road');
    expect(rest.distance).toBe(Math.ceil(fakeRoadMetres(trip(0).origin, trip(0).destination)));
    expect(graphql.estimateSource).toBe('ROAD');
    expect(graphql.distance).toBe(Math.ceil(fakeRoadMetres(trip(1).origin, trip(1).destination)));
  });

  it('when OSRM answers, then the trip and the chosen operator\'s approach are both routed', async () => {
    const before = osrm.requests.length;

    await viaOsrm.rest(restTrip(10));
    const asked = osrm.requests.slice(before).map((r) => r.url);

    const { origin, destination } = trip(10);
    expect(asked).toHaveLength(2);
    expect(asked).toContainEqual(expect.stringContaining(`${origin.longitude.toFixed(6)},${origin.latitude.toFixed(6)};${destination.longitude.toFixed(6)}`));
    expect(asked).toContainEqual(expect.stringContaining(`;${origin.longitude.toFixed(6)},${origin.latitude.toFixed(6)}?`));
  });

  it('when the service is on site, without a destination, then only the approach is routed and the trip is zero', async () => {
    const before = osrm.requests.length;

    const { body } = await viaOsrm.rest(restBody({ serviceId: 2, destinationLatitude: undefined, destinationLongitude: undefined }));

    expect(osrm.requests.length - before).toBe(1);
    expect(body).toMatchObject({ distance: 0, duration: '0s', estimateSource: 'road' });
  });

  it('when Google Routes answers, then the order is priced on its road and says ROAD', async () => {
    const { rest, graphql } = await bothFaces(viaGoogle, 20);

    expect([rest.estimateSource, graphql.estimateSource]).toEqual(['road', 'ROAD']);
    expect(rest.distance).toBe(Math.ceil(fakeRoadMetres(trip(20).origin, trip(20).destination)));
  });
});

describe('orders when the routing provider misbehaves', () => {
  it.each(['slow', 'server_error', 'malformed', 'garbage', 'reset'] as const)(
    'when OSRM is %s, then the order is still made, on the great-circle estimate, and says GREAT_CIRCLE',
    async (mode) => {
      osrm.mode = mode;
      try {
        const { rest, graphql } = await bothFaces(viaOsrm, 30);

        const fallback = estimateTravel(trip(30).origin, trip(30).destination, TRAVEL);
        expect(rest).toMatchObject({ estimateSource: 'great_circle', distance: fallback.distanceMetres, duration: `${fallback.durationSeconds}s` });
        expect(graphql.estimateSource).toBe('GREAT_CIRCLE');
      } finally {
        osrm.mode = 'ok';
      }
    },
  );
});
