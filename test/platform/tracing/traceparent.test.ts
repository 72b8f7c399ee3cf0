import { describe, expect, it } from 'vitest';
import { formatTraceparent, parseTraceparent } from '../../../src/platform/tracing/traceparent.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('W3C traceparent', () => {
  it('when a traceparent is well formed, then it names a remote parent, sampled or not', () => {
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-01`)).toEqual({ traceId: TRACE, spanId: SPAN, traceFlags: 1, isRemote: true });
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)?.traceFlags).toBe(0);
  });

  it('when it comes back written out, then it reads the same', () => {
    const parsed = parseTraceparent(`00-${TRACE}-${SPAN}-01`)!;
    expect(formatTraceparent(parsed)).toBe(`00-${TRACE}-${SPAN}-01`);
  });

  it('when a later version adds fields, then the known ones are read; flags beyond sampled are not passed on', () => {
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-03-more`)).toMatchObject({ traceId: TRACE, spanId: SPAN, traceFlags: 1 });
  });

  it.each([
    ['nothing', ''],
    ['upper case', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['version 00 with more after its flags', `00-${TRACE}-${SPAN}-01-more`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['an all-zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['a short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['two headers joined', `00-${TRACE}-${SPAN}-01,00-${TRACE}-${SPAN}-01`],
  ])('when it is malformed (%s), then it names no parent', (_, text) => {
    expect(parseTraceparent(text)).toBeUndefined();
  });
});
