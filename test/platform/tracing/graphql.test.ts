import { SpanKind } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOsrm } from '../../support/fakes/fake-osrm.js';
import { CREATE_ORDER_BRIEF } from '../../support/payment-queries.js';
import { orderInput, startTestService, type TestService } from '../../support/service.js';
import { startRecording, traceparentParts, type Recording } from './recording.js';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const PLACE_ORDER = CREATE_ORDER_BRIEF.replace('mutation(', 'mutation PlaceOrder(');
const input = orderInput({ vehicleIdentification: 'AB12CD' });

let recording: Recording;
let osrm: Awaited<ReturnType<typeof startFakeOsrm>>;
// Through the fetch handler (yoga's own HTTP layer), and through node's listener, where the usual
// POST takes the fast path (src/graphql/fast-post.ts).
const services: Record<'fetch' | 'listener', TestService> = {} as never;
beforeAll(async () => {
  recording = await startRecording();
  osrm = await startFakeOsrm();
  const env = { ROUTING_PROVIDER: 'osrm', ROUTING_OSRM_URL: osrm.url, ROUTING_CACHE_SECONDS: '0' };
  services.fetch = await startTestService({ env });
  services.listener = await startTestService({ env, listen: true });
});
beforeEach(async () => {
  await recording.reset();
  osrm.requests.length = 0;
});
afterAll(async () => {
  for (const service of Object.values(services)) {
    await service.stop();
    await service.close();
  }
  await osrm?.close();
  await recording?.shutdown();
});

/**
 * The request's span, and what else was seen, once it has ended: through the listener, the
 * client may read the answer just before the handler's span ends.
 */
async function requestSpan() {
  return vi.waitFor(async () => {
    const seen = await recording.seen();
    const [request, ...more] = seen.named('POST /graphql');
    expect(request).toBeDefined();
    expect(more).toEqual([]);
    return { request: request!, seen };
  }, { timeout: 10_000 });
}

/**
 * The spans of an operation's work by what they did: a call by its name, the statement that stores
 * the order (and its creation event, together: a WITH) by what it writes.
 */
const workOf = (spans: ReadableSpan[]) =>
  spans.map((span) => (/insert into orders/.test(String(span.attributes['db.statement'])) ? 'insert into orders' : span.name));

describe.each(['fetch', 'listener'] as const)('a GraphQL order, traced, through the %s', (via) => {
  it("when an order is made, then the operation is envelop's span beneath the request's, with the order's work beneath it", async () => {
    const { body } = await services[via].gql(PLACE_ORDER, { input });

    expect(body.data.createOrder.__typename).toBe('CreateOrderSuccess');
    const { request, seen } = await requestSpan();
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(request.attributes).toMatchObject({ 'http.route': '/graphql', 'http.response.status_code': 200 });
    const [operation, ...more] = seen.childrenOf(request);
    expect(more).toEqual([]);
    expect(operation!.name).toBe('mutation.PlaceOrder');
    expect(operation!.attributes).toMatchObject({
      'graphql.execute.operationName': 'PlaceOrder',
      'graphql.execute.operationType': 'mutation',
    });
    expect(workOf(seen.childrenOf(operation!))).toEqual(expect.arrayContaining(['insert into orders', 'GET osrm']));
  });

  it('when the same operation runs again (compiled, see compiled-execution.ts), then its work is still beneath its span', async () => {
    await services[via].gql(PLACE_ORDER, { input });
    await requestSpan();
    await recording.reset();
    await services[via].gql(PLACE_ORDER, { input });

    const { request, seen } = await requestSpan();
    const [operation] = seen.childrenOf(request);
    expect(operation!.name).toBe('mutation.PlaceOrder');
    expect(workOf(seen.childrenOf(operation!))).toEqual(expect.arrayContaining(['insert into orders', 'GET osrm']));
  });

  it("when the operation's variables carry personal data, then no span records them", async () => {
    await services[via].gql(PLACE_ORDER, { input: { ...input, phoneNumber: '+56987654321' } });

    const { seen } = await requestSpan();
    expect(JSON.stringify(seen.all.map((span) => span.attributes))).not.toMatch(/987654321/);
  });

  it('when a variable cannot be taken, then the error is recorded by its code, not by the message that quotes the value', async () => {
    const { body } = await services[via].gql(PLACE_ORDER, { input: { ...input, phoneNumber: 56987654321 } });

    expect(JSON.stringify(body.errors)).toMatch(/987654321/);
    const { seen } = await requestSpan();
    const [operation] = seen.named('mutation.PlaceOrder');
    expect(operation!.events.map((event) => event.attributes?.['exception.message'])).toEqual([expect.any(String)]);
    expect(JSON.stringify(seen.all.map((span) => [span.attributes, span.events]))).not.toMatch(/987654321/);
  });

  it("when the request carries a traceparent, then the operation and the provider's call are in the caller's trace", async () => {
    const headers = { 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` };
    await services[via].call('/graphql', { method: 'POST', headers, body: JSON.stringify({ query: PLACE_ORDER, variables: { input } }) });

    const { request, seen } = await requestSpan();
    expect(request.parentSpanContext).toMatchObject({ traceId: CALLER_TRACE, spanId: CALLER_SPAN });
    expect(new Set(seen.below(request).map((span) => span.spanContext().traceId))).toEqual(new Set([CALLER_TRACE]));
    expect(osrm.requests.map((request) => traceparentParts(request.headers.traceparent)?.traceId)).toContain(CALLER_TRACE);
  });
});
