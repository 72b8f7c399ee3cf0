import { callAttributes, clientSpan, type CallOutcome } from '../../platform/tracing/client-span.js';
import type { Exchange, PostRequest } from '../../platform/outbound/post-once.js';

const SERVICE = 'legacy';

/** What a span tells of an exchange: the legacy's status, or how the call failed. */
function outcomeOf(exchange: Exchange): CallOutcome {
  switch (exchange.kind) {
    case 'answer':
      return { status: exchange.status };
    case 'too-large':
      return { status: exchange.status, error: 'too_large' };
    case 'timeout':
      return { error: 'timeout' };
    case 'failed':
      return { error: (exchange.error as { code?: string }).code ?? exchange.error.name };
  }
}

/**
 * Each POST to the legacy service in a client span, its traceparent sent with the request. The
 * breaker is outside: a call it refuses reaches no one, and makes no span.
 */
export function tracedPost(base: URL, post: (request: PostRequest) => Promise<Exchange>) {
  const attributes = callAttributes(SERVICE, 'POST', base);
  return (request: PostRequest): Promise<Exchange> => {
    const headers = { ...request.headers };
    return clientSpan(`POST ${SERVICE}`, attributes, headers, () => post({ ...request, headers }), outcomeOf);
  };
}
