import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_MP_SECRET, FAKE_MP_TOKEN, startFakeMercadoPago } from '../../support/fakes/fake-mercado-pago.js';
import { startFakeOsrm } from '../../support/fakes/fake-osrm.js';
import { restBody, startTestService, type TestService } from '../../support/service.js';
import { startRecording, traceparentParts, type Recording } from './recording.js';

// A caller's trace, as its own tracing would send it: trace id, its span's id, sampled.
const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';
const CALLER = { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` };

let recording: Recording;
let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>;
let service: TestService;
beforeAll(async () => {
  recording = await startRecording();
  [osrm, mp] = await Promise.all([startFakeOsrm(), startFakeMercadoPago()]);
  service = await startTestService({
    env: {
      // No route cache: every order asks the routing provider.
      ROUTING_PROVIDER: 'osrm',
      ROUTING_OSRM_URL: osrm.url,
      ROUTING_CACHE_SECONDS: '0',
      PAYMENTS_PROVIDER: 'mercado_pago',
      MERCADO_PAGO_API_URL: mp.url,
      MERCADO_PAGO_ACCESS_TOKEN: FAKE_MP_TOKEN,
      MERCADO_PAGO_WEBHOOK_SECRET: FAKE_MP_SECRET,
    },
  });
});
beforeEach(async () => {
  await recording.reset();
  osrm.requests.length = 0;
  mp.requests.length = 0;
});
afterAll(async () => {
  await service?.stop();
  await service?.close();
  await Promise.all([osrm?.close(), mp?.close()]);
  await recording?.shutdown();
});

/** The request's span and every span beneath it. */
async function requestTrace() {
  const seen = await recording.seen();
  const [request, ...more] = seen.named('POST /applications/orders');
  expect(more).toEqual([]);
  const below = seen.below(request!);
  return {
    request: request!,
    below,
    statements: below.filter((span) => span.attributes['db.system'] === 'postgresql'),
    calls: below.filter((span) => span.kind === SpanKind.CLIENT && span.attributes['peer.service'] !== undefined),
  };
}

describe('a REST order, traced', () => {
  it('when an order is made, then its request is a server span named by its route, with its status', async () => {
    const { status } = await service.rest(restBody());

    const { request } = await requestTrace();
    expect(status).toBe(200);
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(request.parentSpanContext).toBeUndefined();
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/applications/orders',
      'url.path': '/applications/orders',
      'http.response.status_code': 200,
    });
  });

  it("when an order is made, then its store statements and the providers' calls are spans beneath the request's", async () => {
    await service.rest(restBody());

    const { statements, calls } = await requestTrace();
    // The order and its creation event are stored by one statement, which opens with WITH.
    const storing = statements.filter((span) => /insert into orders/.test(String(span.attributes['db.statement'])));
    expect(storing.map((span) => span.name)).toEqual(['WITH']);
    expect(calls.map((span) => span.name)).toEqual(expect.arrayContaining(['GET osrm', 'POST mercado-pago']));
    for (const call of calls) expect(call.attributes['http.response.status_code']).toBeLessThan(400);
  });

  it('when a statement is a span, then it carries the statement and never its values', async () => {
    await service.rest(restBody({ phoneNumber: '+56987654321' }));

    const { statements } = await requestTrace();
    expect(statements.length).toBeGreaterThan(0);
    for (const span of statements) {
      expect(span.attributes['db.statement']).toMatch(/\$1/);
      expect(JSON.stringify(span.attributes)).not.toMatch(/987654321/);
    }
  });

  it('when the request carries a traceparent, then its span is a child of the caller’s, in the same trace', async () => {
    await service.rest(restBody(), { headers: CALLER });

    const { request, below } = await requestTrace();
    expect(request.spanContext().traceId).toBe(CALLER_TRACE);
    expect(request.parentSpanContext).toMatchObject({ traceId: CALLER_TRACE, spanId: CALLER_SPAN, isRemote: true });
    expect(new Set(below.map((span) => span.spanContext().traceId))).toEqual(new Set([CALLER_TRACE]));
  });

  it("when a provider is called, then the call carries a traceparent of the request's trace, naming the call's span", async () => {
    await service.rest(restBody(), { headers: CALLER });

    const { calls } = await requestTrace();
    const sent = [...osrm.requests, ...mp.requests].map((request) => traceparentParts(request.headers.traceparent));
    expect(sent.length).toBeGreaterThan(1);
    for (const header of sent) {
      expect(header).toMatchObject({ traceId: CALLER_TRACE, flags: '01' });
      expect(calls.map((span) => span.spanContext().spanId)).toContain(header!.spanId);
    }
  });

  it('when a provider call fails, then its span says how, and the request span holds its own status', async () => {
    osrm.mode = 'server_error';
    try {
      await service.rest(restBody());
    } finally {
      osrm.mode = 'ok';
    }

    const { request, calls } = await requestTrace();
    const routing = calls.filter((span) => span.name === 'GET osrm');
    expect(routing.length).toBeGreaterThan(0);
    expect(routing[0]!.attributes).toMatchObject({ 'error.type': 'server_error', 'http.response.status_code': 503 });
    expect(routing[0]!.status.code).toBe(SpanStatusCode.ERROR);
    // The order still went through, on the great-circle estimate.
    expect(request.attributes['http.response.status_code']).toBe(200);
  });

  it('when a refused request is answered, then its span carries the 4xx and is no server failure', async () => {
    const { status } = await service.rest(restBody({ serviceId: 9 }));

    const { request } = await requestTrace();
    expect(status).toBe(400);
    expect(request.attributes['http.response.status_code']).toBe(400);
    expect(request.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("when an order's creation is fanned out to webhooks, then none of that work is in the request's trace", async () => {
    await service.rest(restBody());
    await service.webhooks.idle();

    const { statements } = await requestTrace();
    expect(statements.filter((span) => /webhook/.test(String(span.attributes['db.statement'])))).toEqual([]);
  });

  it('when a health probe is answered, then it makes no span', async () => {
    await service.call('/healthz');
    await service.call('/readyz');

    expect((await recording.seen()).all).toEqual([]);
  });
});
