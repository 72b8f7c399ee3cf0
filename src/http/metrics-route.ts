import { requireScope } from '../platform/tokens/forbidden.js';
import type { Authenticate } from '../platform/tokens/verify-token.js';
import type { MetricsSource } from '../platform/metrics/cluster-metrics.js';
import type { PlainRoute } from './plain.js';
import { refuse } from './responses.js';

export const METRICS_SCOPE = 'metrics:read';

/**
 * GET /metrics, Prometheus' text format. On the service's own port it takes a token with the
 * scope metrics:read (Prometheus sends one with `authorization` in its scrape config); on a port
 * of its own (METRICS_PORT), which operators keep private, `authenticate` is null.
 */
export function createMetricsRoute(source: MetricsSource, authenticate: Authenticate | null): PlainRoute {
  return async (request) => {
    if (request.method !== 'GET') return refuse('METHOD_NOT_ALLOWED', { allow: 'GET' });
    if (authenticate) requireScope(await authenticate(request.header('authorization')), METRICS_SCOPE);
    return { status: 200, headers: { 'content-type': source.contentType }, body: await source.metrics() };
  };
}
