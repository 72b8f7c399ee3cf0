import { SpanKind, trace, type Exception, type Span, type Tracer, type TracerProvider } from '@opentelemetry/api';
import type { Plugin } from 'graphql-yoga';

/**
 * The operation's span, from @envelop/opentelemetry: `mutation.createOrder`, a child of the
 * request's span, with the operation's name, type and document (unless the document writes
 * values inline, which may be personal data; variables and results are never recorded). It
 * runs at execution, which the fast POST path runs too (see fast-post.ts). The package is
 * loaded only when tracing is on.
 */
export async function operationTracing(): Promise<Plugin> {
  const { useOpenTelemetry } = await import('@envelop/opentelemetry');
  // An internal span: the request's own span is the server's.
  return useOpenTelemetry({ resolvers: false, variables: false, result: false }, codesOnly, SpanKind.INTERNAL) as Plugin;
}

/**
 * The tracer envelop is given: its spans record an operation's errors by their codes alone.
 * envelop records the errors whole, and graphql-js quotes in its message the value of a variable
 * it could not take (a phone number sent as a number).
 */
const codesOnly: TracerProvider = {
  getTracer(name, version) {
    const tracer = trace.getTracer(name, version);
    const startSpan: Tracer['startSpan'] = (spanName, spanOptions, context) => recordingCodes(tracer.startSpan(spanName, spanOptions, context));
    return { startSpan, startActiveSpan: tracer.startActiveSpan.bind(tracer) as Tracer['startActiveSpan'] };
  },
};

function recordingCodes(span: Span): Span {
  const record = span.recordException.bind(span);
  span.recordException = (exception, time) => record({ name: 'graphql.execute.error', message: codesOf(exception) }, time);
  return span;
}

/** The codes of the errors envelop hands over as their JSON. */
function codesOf(exception: Exception): string {
  try {
    const errors = JSON.parse(typeof exception === 'string' ? exception : (exception.message ?? '')) as unknown;
    if (!Array.isArray(errors)) return 'GRAPHQL_ERROR';
    return errors.map((error: { extensions?: { code?: unknown } } | null) => String(error?.extensions?.code ?? 'GRAPHQL_ERROR')).join(', ');
  } catch {
    return 'GRAPHQL_ERROR';
  }
}
