import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGateway } from '../../gateway/arrange-gateway.js';
import { restBody } from '../../support/service.js';
import { startRecording, traceparentParts, type Recording } from './recording.js';

const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';

let recording: Recording;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  recording = await startRecording();
  gateway = await startGateway();
});
beforeEach(async () => {
  await gateway.reset();
  await recording.reset();
});
afterAll(async () => {
  await gateway?.close();
  await recording?.shutdown();
});

const legacyCalls = async () => (await recording.seen()).named('POST legacy');

describe('gateway mode, traced', () => {
  it("when an order is forwarded, then the call to the legacy is a client span beneath the request's, and carries its traceparent", async () => {
    const { status } = await gateway.service.rest(restBody(), { headers: { traceparent: `00-${CALLER_TRACE}-b7ad6b7169203331-01` } });

    expect(status).toBe(200);
    const [request] = (await recording.seen()).named('POST /applications/orders');
    const [call, ...more] = await legacyCalls();
    expect(more).toEqual([]);
    expect(call!.kind).toBe(SpanKind.CLIENT);
    expect(call!.parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
    expect(call!.attributes).toMatchObject({ 'peer.service': 'legacy', 'http.request.method': 'POST', 'http.response.status_code': 200 });
    const sent = traceparentParts(gateway.fake.requests[0]!.headers.traceparent);
    expect(sent).toEqual({ traceId: CALLER_TRACE, spanId: call!.spanContext().spanId, flags: '01' });
  });

  it('when the legacy answers 5xx, then the call’s span is failed with its status', async () => {
    gateway.fake.setMode({ kind: 'status', status: 503 });

    await gateway.service.rest(restBody());

    const [call] = await legacyCalls();
    expect(call!.attributes).toMatchObject({ 'http.response.status_code': 503, 'error.type': '503' });
    expect(call!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('when the legacy drops the connection, then the call’s span says the call failed', async () => {
    gateway.fake.setMode({ kind: 'drop' });

    await gateway.service.rest(restBody());

    const [call] = await legacyCalls();
    expect(call!.status.code).toBe(SpanStatusCode.ERROR);
    expect(call!.attributes['error.type']).toEqual(expect.any(String));
    expect(call!.attributes['http.response.status_code']).toBeUndefined();
  });
});
