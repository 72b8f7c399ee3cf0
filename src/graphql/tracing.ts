import { SpanKind, trace } from '@opentelemetry/api';
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
  return useOpenTelemetry({ resolvers: false, variables: false, result: false }, trace.getTracerProvider(), SpanKind.INTERNAL) as Plugin;
}
