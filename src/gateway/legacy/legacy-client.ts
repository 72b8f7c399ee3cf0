import type { buildConnector } from 'undici';
import { Pool } from '../../platform/outbound/undici.js';
import type { OrderRequest } from '../../orders/domain/order-request.js';
import { createBreaker, DEFAULT_BREAKER, type BreakerSettings, type BreakerState } from './breaker.js';
import type { Credentials, LegacyOutcome } from '../domain/legacy-outcome.js';
import { legacyRequestBody } from './legacy-request.js';
import { postOnce, type Exchange, type PostRequest } from '../../platform/outbound/post-once.js';
import { readAnswer } from './read-answer.js';
import { tracedPost } from './traced-post.js';
import { tracingOn } from '../../platform/tracing/tracer.js';

export interface LegacyClientOptions {
  /** ORDERS_UPSTREAM_URL: the legacy's base URL; orders are posted to `{base}/applications/orders`. */
  baseUrl: string;
  /** ORDERS_UPSTREAM_TOKEN: sent as `Bearer <it>`; null forwards the caller's Authorization. */
  token: string | null;
  /** ORDERS_UPSTREAM_TIMEOUT_MS: one call, from the wait for a connection to the answer's end. */
  timeoutMs: number;
  /** PAYMENT_REFERENCE_LEGACY_FIELD: the legacy's provider-named key of the payment URL. */
  paymentField: string;
  breaker?: Partial<BreakerSettings>;
  /** Connections kept to the legacy at most; calls beyond wait for one, within their deadline. */
  connections?: number;
  /** A longer answer is a bad response: an order is a few hundred bytes. */
  maxResponseBytes?: number;
  onBreakerChange?: (state: BreakerState) => void;
  /** TLS options for the legacy (its CA, a client certificate), or a connector of one's own. */
  connect?: buildConnector.BuildOptions | buildConnector.connector;
}

// An order is created behind the legacy's own call to a payment provider: 10 s leaves it room
// while a mobile client, which commonly gives up at 30 s, still gets our 504 and not its own.
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;

export type LegacyClient = ReturnType<typeof createLegacyClient>;

export function createLegacyClient(options: LegacyClientOptions) {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('the upstream URL must be http(s)');
  if (!options.paymentField) throw new Error('the legacy payment field must be named');
  const path = `${base.pathname.replace(/\/+$/, '')}/applications/orders`;
  const { timeoutMs, paymentField } = options;
  const maxResponseBytes = options.maxResponseBytes ?? 256 * 1024;

  // Kept-alive connections, reused call after call. One request at a time on each: a POST is
  // never pipelined, nor multiplexed over HTTP/2 (which undici would negotiate with a TLS legacy
  // that offers it), so a connection lost under one request can never take a second one with it.
  // undici's own timeouts only back up the deadline that postOnce keeps.
  const pool = new Pool(base.origin, {
    connections: options.connections ?? 64,
    pipelining: 1,
    allowH2: false,
    connect: typeof options.connect === 'function' ? options.connect : { timeout: timeoutMs, ...options.connect },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const breaker = createBreaker(
    {
      consecutiveFailures: options.breaker?.consecutiveFailures ?? DEFAULT_BREAKER.consecutiveFailures,
      halfOpenAfterMs: options.breaker?.halfOpenAfterMs ?? DEFAULT_BREAKER.halfOpenAfterMs,
    },
    options.onBreakerChange,
  );
  const post: (request: PostRequest) => Promise<Exchange> = tracingOn()
    ? tracedPost(base, (request) => postOnce(pool, request))
    : (request) => postOnce(pool, request);

  /**
   * Asks the legacy for an order, once. `callerAuthorization` is the caller's Authorization
   * header as received, forwarded unchanged when no token of ours is configured.
   */
  function createOrder(request: OrderRequest, callerAuthorization: string | null): Promise<LegacyOutcome> {
    const authorization = options.token ? `Bearer ${options.token}` : callerAuthorization;
    const credentials: Credentials = options.token ? 'configured' : callerAuthorization ? 'forwarded' : 'none';
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (authorization) headers.authorization = authorization;
    const body = JSON.stringify(legacyRequestBody(request));
    return breaker.run(async () =>
      readAnswer(await post({ path, headers, body, timeoutMs, maxResponseBytes }), credentials, paymentField),
    );
  }

  return {
    createOrder,
    /** For /readyz and the metrics. */
    breakerState: breaker.state,
    /** Lets calls under way finish (each within its deadline), then closes the connections. */
    close: () => pool.close(),
  };
}
