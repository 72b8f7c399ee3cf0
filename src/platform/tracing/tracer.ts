import { context, SpanStatusCode, trace, type Context, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';

const TRACER_NAME = 'roadside-order-service';

// Set by startTracing while an SDK records this process's spans.
let current: Tracer | null = null;

/**
 * Whether spans are recorded in this process. A part that traces chooses its traced form once,
 * when it is made: with tracing off the service runs as if no tracing existed, with no span
 * object and no context to carry.
 */
export const tracingOn = (): boolean => current !== null;

/** The service's tracer; a no-op one while tracing is off. */
export const getTracer = (): Tracer => current ?? trace.getTracer(TRACER_NAME);

/** Called by startTracing alone: the tracer once the SDK is registered, null once it is shut down. */
export function useTracer(on: boolean): void {
  current = on ? trace.getTracer(TRACER_NAME) : null;
}

/** Marks a span failed by `error`, which it records. */
export function failed(span: Span, error: unknown): void {
  const exception = error instanceof Error ? error : new Error(String(error));
  span.recordException(exception);
  span.setAttribute('error.type', errorType(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: exception.message });
}

/** An error's kind in a word: the outbound errors' own, a code, else the class's name. */
function errorType(error: unknown): string {
  const { kind, code, name } = (error ?? {}) as { kind?: unknown; code?: unknown; name?: unknown };
  return String(kind ?? code ?? name ?? 'Error');
}

/**
 * Runs `fn` in a new span under `parent`, active while it runs: ended when it settles, marked by
 * `failure` (failed, by default) when it throws.
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  parent: Context,
  fn: (span: Span) => Promise<T>,
  failure: (span: Span, error: unknown) => void = failed,
): Promise<T> {
  const span = getTracer().startSpan(name, options, parent);
  try {
    return await context.with(trace.setSpan(parent, span), fn, undefined, span);
  } catch (error) {
    failure(span, error);
    throw error;
  } finally {
    span.end();
  }
}
