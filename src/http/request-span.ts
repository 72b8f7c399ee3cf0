import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { parentFromHeaders } from '../platform/tracing/traceparent.js';
import { failed, getTracer } from '../platform/tracing/tracer.js';
import { pathOf } from './request-path.js';

// Probes and scrapes, every few seconds: spans that would say nothing of the service's work.
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

interface Handlers {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
  handleNode(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/**
 * The router's handlers, each request in a server span named by its route as `routeOf` gives it
 * (`POST /applications/orders`), a child of the span its `traceparent` names, if any. Everything the
 * request does runs within it: GraphQL's operation, the store's statements, the outside calls.
 */
export function tracedRequests<H extends Handlers>(app: H, routeOf: (path: string) => string | null): H {
  function begin(method: string, path: string, header: (name: string) => string | undefined): [Span, Context] | null {
    if (UNTRACED.has(path)) return null;
    const route = routeOf(path);
    const parent = parentFromHeaders(header);
    const span = getTracer().startSpan(route ? `${method} ${route}` : method, { kind: SpanKind.SERVER }, parent);
    // Given once the span is known to be recorded: the SDK checks every attribute handed to
    // startSpan before its sampler decides, for every request, and the standard samplers (ratio,
    // parent-based) read none of them.
    if (span.isRecording()) {
      const attributes: Attributes = { 'http.request.method': method, 'url.path': path };
      if (route) attributes['http.route'] = route;
      span.setAttributes(attributes);
    }
    return [span, trace.setSpan(parent, span)];
  }

  async function within<T>([span, active]: [Span, Context], handle: () => Promise<T>, statusOf: (result: T) => number): Promise<T> {
    try {
      const result = await context.with(active, handle);
      const status = statusOf(result);
      span.setAttribute('http.response.status_code', status);
      // A 4xx is the client's: the server did its work.
      if (status >= 500) {
        span.setAttribute('error.type', String(status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return result;
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  const fetch = (input: Request | string, init?: RequestInit): Promise<Response> => {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    const started = begin(request.method, new URL(request.url).pathname, (name) => request.headers.get(name) ?? undefined);
    if (!started) return app.fetch(request);
    return within(started, () => app.fetch(request), (response) => response.status);
  };

  const handleNode = (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const started = begin(req.method ?? 'GET', pathOf(req.url ?? '/'), header);
    if (!started) return app.handleNode(req, res);
    return within(started, () => app.handleNode(req, res), () => res.statusCode);
  };

  return Object.assign({}, app, { fetch, handleNode });
}
