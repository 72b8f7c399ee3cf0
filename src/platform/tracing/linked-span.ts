import { context, type Attributes, type Link, type Span } from '@opentelemetry/api';
import { parseTraceparent } from './traceparent.js';
import { inSpan, tracingOn } from './tracer.js';

/**
 * Runs `fn` in a new span linked to the span a stored traceparent names: work done later on
 * behalf of a request (a webhook delivery of an order's event) is its own trace, or a child of
 * whatever span is active, and points back at the request's. A missing or malformed traceparent
 * gives a span without a link; with tracing off, `fn` just runs.
 */
export function linkedSpan<T>(
  name: string,
  traceparent: string | null | undefined,
  fn: (span: Span | undefined) => Promise<T>,
  attributes?: Attributes,
): Promise<T> {
  if (!tracingOn()) return fn(undefined);
  const linked = parseTraceparent(traceparent);
  const links: Link[] = linked ? [{ context: linked }] : [];
  return inSpan(name, { links, attributes }, context.active(), fn);
}
