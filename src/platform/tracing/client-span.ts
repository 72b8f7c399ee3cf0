import { context, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { addTraceparent } from './traceparent.js';
import { failed, getTracer } from './tracer.js';

/** How a call ended, as far as its span tells: the answer's status, or the failure's kind. */
export interface CallOutcome {
  status?: number;
  error?: string;
}

/**
 * Runs one call to another service in a client span, and adds that span's traceparent to
 * `headers`, the ones the call sends. An answer of 400 and over, or a failure, marks the span
 * failed: the call did not get what it asked for.
 */
export async function clientSpan<T>(
  name: string,
  attributes: Attributes,
  headers: Record<string, string>,
  call: () => Promise<T>,
  outcome: (result: T) => CallOutcome,
): Promise<T> {
  const parent = context.active();
  const span = getTracer().startSpan(name, { kind: SpanKind.CLIENT, attributes }, parent);
  addTraceparent(headers, trace.setSpan(parent, span));
  try {
    const result = await call();
    const { status, error } = outcome(result);
    if (status !== undefined && status > 0) span.setAttribute('http.response.status_code', status);
    if (error !== undefined || (status ?? 0) >= 400) {
      span.setAttribute('error.type', error ?? String(status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return result;
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number') span.setAttribute('http.response.status_code', status);
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The attributes of a call to `service` at `origin` (no path nor query: they carry places and ids). */
export function callAttributes(service: string, method: string, origin: URL): Attributes {
  return {
    'http.request.method': method,
    'server.address': origin.hostname,
    'server.port': Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80),
    'peer.service': service,
  };
}
