import { callAttributes, clientSpan } from '../tracing/client-span.js';

interface Call {
  method: string;
  headers?: Record<string, string>;
}

/**
 * Each call to `service` in a client span, its traceparent sent with the request. A 4xx answer
 * is returned, and its span marked failed; a failure thrown is told by its kind (timeout,
 * unreachable…).
 */
export function tracedRequests<C extends Call, A extends { status: number }>(service: string, origin: URL, request: (call: C) => Promise<A>) {
  return (call: C): Promise<A> => {
    const headers = { ...call.headers };
    return clientSpan(`${call.method} ${service}`, callAttributes(service, call.method, origin), headers,
      () => request({ ...call, headers }), (answer) => ({ status: answer.status }));
  };
}
