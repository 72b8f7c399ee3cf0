import {
  context,
  isSpanContextValid,
  ROOT_CONTEXT,
  trace,
  TraceFlags,
  type Context,
  type SpanContext,
  type TextMapPropagator,
} from '@opentelemetry/api';

// W3C trace context, `traceparent` alone: `<version>-<trace id>-<parent id>-<flags>`, in hex.
// A `tracestate` is neither read nor sent, and neither is `baggage`: what a caller put there is
// not passed on to the providers.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The span context a traceparent names; undefined when it is malformed or names none. */
export function parseTraceparent(text: string | undefined | null): SpanContext | undefined {
  const match = text ? TRACEPARENT.exec(text.trim()) : null;
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string?];
  // Version ff is invalid; version 00 ends at its flags, while a later version may carry more.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  const parsed: SpanContext = { traceId, spanId, traceFlags: parseInt(flags, 16) & TraceFlags.SAMPLED, isRemote: true };
  return isSpanContextValid(parsed) ? parsed : undefined;
}

export const formatTraceparent = ({ traceId, spanId, traceFlags }: SpanContext): string =>
  `00-${traceId}-${spanId}-0${traceFlags & TraceFlags.SAMPLED}`;

/** The context a request names as its parent in its `traceparent` header; the root when none. */
export function parentFromHeaders(header: (name: string) => string | undefined): Context {
  const parent = parseTraceparent(header('traceparent'));
  return parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
}

/** Adds the span's `traceparent` to the headers of an outside call. */
export function addTraceparent(headers: Record<string, string>, within: Context = context.active()): void {
  const span = trace.getSpanContext(within);
  if (span && isSpanContextValid(span)) headers.traceparent = formatTraceparent(span);
}

/**
 * The active span's traceparent, for what is stored now and acted on later (an order's events);
 * null without an active span, as while tracing is off.
 */
export function currentTraceparent(): string | null {
  const span = trace.getSpanContext(context.active());
  return span && isSpanContextValid(span) ? formatTraceparent(span) : null;
}

/** The same, as the propagator the SDK registers for whatever else asks the API for one. */
export const traceparentPropagator: TextMapPropagator = {
  inject(within, carrier, setter) {
    const span = trace.getSpanContext(within);
    if (span && isSpanContextValid(span)) setter.set(carrier, 'traceparent', formatTraceparent(span));
  },
  extract(within, carrier, getter) {
    const header = getter.get(carrier, 'traceparent');
    const parent = parseTraceparent(Array.isArray(header) ? header[0] : header);
    return parent ? trace.setSpanContext(within, parent) : within;
  },
  fields: () => ['traceparent'],
};
