import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  trace,
  type Context,
  type SpanContext,
  type TextMapGetter,
} from '@opentelemetry/api';

// W3C trace context (`traceparent`, and `tracestate` beside it), through the propagator that
// startTracing registers; while tracing is off there is none, and each of these does nothing.

type HeaderOf = (name: string) => string | undefined;
const byHeader: TextMapGetter<HeaderOf> = { get: (header, key) => header(key), keys: () => [] };

/** The context a request names as its parent in its `traceparent` header; the root when none. */
export const parentFromHeaders = (header: HeaderOf): Context => propagation.extract(ROOT_CONTEXT, header, byHeader);

/** Adds the span's `traceparent` (`tracestate` too, when it has one) to the headers of an outside call. */
export function addTraceparent(headers: Record<string, string>, within: Context = context.active()): void {
  propagation.inject(within, headers);
}

/**
 * The active span's W3C traceparent (`00-<trace id>-<span id>-<flags>`), for what is stored now
 * and acted on later (an order's events); null without an active span, as while tracing is off.
 */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The span context a stored traceparent names; undefined when it names none or is malformed. */
export function spanContextOf(traceparent: string): SpanContext | undefined {
  const found = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
  return found && isSpanContextValid(found) ? found : undefined;
}
