import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOsrm } from '../../support/fakes/fake-osrm.js';
import { restBody, startTestService, type TestService } from '../../support/service.js';
import { currentTraceparent } from '../../../src/platform/tracing/traceparent.js';
import { tracingOn } from '../../../src/platform/tracing/tracer.js';
import { startRecording, TRACING_ON, type Recording } from './recording.js';

const INCOMING = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

let recording: Recording;
let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;
let service: TestService;
beforeAll(async () => {
  // Tracing started as configured, but configured off: the exporter is there to catch any span.
  recording = await startRecording({ ...TRACING_ON, enabled: false });
  osrm = await startFakeOsrm();
  service = await startTestService({ env: { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url, ROUTING_CACHE_SECONDS: '0' } });
});
afterAll(async () => {
  await service?.stop();
  await service?.close();
  await osrm?.close();
  await recording?.shutdown();
});

describe('tracing off', () => {
  it('when the settings leave tracing off, then nothing of the SDK is registered', () => {
    expect(tracingOn()).toBe(false);
    expect(trace.getTracer('any').startSpan('probe').isRecording()).toBe(false);
  });

  it('when orders are made on both faces with a traceparent, then no span is recorded and no call carries one', async () => {
    const { status } = await service.rest(restBody(), { headers: { traceparent: INCOMING } });
    const gql = await service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: INCOMING },
      body: JSON.stringify({ query: 'mutation($input: CreateOrderInput!) { createOrder(input: $input) { __typename } }', variables: { input: {
        originLatitude: -33.44, originLongitude: -70.65, destinationLatitude: -33.49, destinationLongitude: -70.58,
        serviceCode: 'TOWING', phoneNumber: '+56912345678', vehicleIdentification: 'AB12CD' } } }),
    });

    expect(status).toBe(200);
    expect(gql.body.data.createOrder.__typename).toBe('CreateOrderSuccess');
    expect(osrm.requests.length).toBeGreaterThan(0);
    expect(osrm.requests.filter((request) => 'traceparent' in request.headers)).toEqual([]);
    expect((await recording.seen()).all).toEqual([]);
  });

  it('when asked for the current traceparent, then there is none', () => {
    expect(currentTraceparent()).toBeNull();
  });
});
