import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkedSpan } from '../../../src/platform/tracing/linked-span.js';
import { currentTraceparent } from '../../../src/platform/tracing/traceparent.js';
import { getTracer, inSpan } from '../../../src/platform/tracing/tracer.js';
import { startRecording, traceparentParts, type Recording } from './recording.js';

let recording: Recording;
beforeAll(async () => {
  recording = await startRecording();
});
beforeEach(() => recording.reset());
afterAll(() => recording?.shutdown());

/** The traceparent a request's work would store (an order's event), read within its span. */
const storedWithin = (name: string) =>
  inSpan(name, { kind: SpanKind.SERVER }, context.active(), async (span) => ({ traceparent: currentTraceparent(), span }));

const deliveries = async () => (await recording.seen()).named('webhook delivery');

describe('traceparents kept for later work', () => {
  it('when read within a span, then the current traceparent names that span, sampled', async () => {
    const { traceparent, span } = await storedWithin('POST /applications/orders');

    expect(traceparentParts(traceparent)).toEqual({ traceId: span.spanContext().traceId, spanId: span.spanContext().spanId, flags: '01' });
  });

  it('when read outside any span, then there is none', () => {
    expect(currentTraceparent()).toBeNull();
  });

  it("when work runs later in a linked span, then that span is a trace of its own, linked to the stored request's span", async () => {
    const { traceparent, span: request } = await storedWithin('POST /applications/orders');

    const given = await linkedSpan('webhook delivery', traceparent, async (span) => {
      getTracer().startSpan('POST subscriber').end();
      return span;
    });

    const [delivery] = await deliveries();
    expect(given?.spanContext().spanId).toBe(delivery!.spanContext().spanId);
    expect(delivery!.parentSpanContext).toBeUndefined();
    expect(delivery!.spanContext().traceId).not.toBe(request.spanContext().traceId);
    expect(delivery!.links.map((link) => link.context)).toEqual([
      expect.objectContaining({ traceId: request.spanContext().traceId, spanId: request.spanContext().spanId }),
    ]);
    // What runs inside it is beneath it.
    const [call] = (await recording.seen()).named('POST subscriber');
    expect(call!.parentSpanContext?.spanId).toBe(delivery!.spanContext().spanId);
  });

  it('when the stored traceparent is missing or malformed, then the work still runs, in a span without a link', async () => {
    const results: string[] = [];
    for (const stored of [null, 'not-a-traceparent', '00-00000000000000000000000000000000-0000000000000000-01']) {
      results.push(await linkedSpan('webhook delivery', stored, async () => 'sent'));
    }

    expect(results).toEqual(['sent', 'sent', 'sent']);
    expect((await deliveries()).map((span) => span.links)).toEqual([[], [], []]);
  });

  it('when the linked work fails, then its span is failed with the error, and the error goes on to the caller', async () => {
    const failing = linkedSpan('webhook delivery', null, async () => {
      throw new Error('subscriber refused');
    });

    await expect(failing).rejects.toThrow('subscriber refused');
    const [delivery] = await deliveries();
    expect(delivery!.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'subscriber refused' });
    expect(delivery!.events.map((event) => event.name)).toEqual(['exception']);
  });
});
