import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { Authenticate } from '../platform/tokens/verify-token.js';
import { createAdmission } from './admission.js';
import { createHomePage } from './home-page.js';
import { createMetricsRoute } from './metrics-route.js';
import { fromNode, sendNode } from './node-adapter.js';
import type { MetricsSource } from '../platform/metrics/cluster-metrics.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import { createObserver, type OperationNote } from './observation.js';
import { RateLimitedError, type RateLimit } from './rate-limit.js';
import { fromFetch, toFetchResponse, type PlainRequest, type PlainResponse, type PlainRoute } from './plain.js';
import { answerError, json, refuse } from './responses.js';
import { pathOf } from './request-path.js';
import { tracedRequests } from './request-span.js';
import { tracingOn } from '../platform/tracing/tracer.js';
import { eventStreamResponse, isEventStream, sendEventStreamNode, type EventStream } from './event-stream.js';
import { createUpgradeHandler, refuseUpgrade, type UpgradeDeps } from './upgrade.js';

/** What the router hands the GraphQL face: `/graphql` through either dispatcher, and its files. */
export interface GraphqlRoutes {
  fetch(request: Request, note?: OperationNote): Response | Promise<Response>;
  /** `extra`: headers every answer to the request carries (CORS, the rate limit's). */
  handleNode(req: IncomingMessage, res: ServerResponse, extra?: Record<string, string>): Promise<void>;
  /** The path GraphiQL's files are under, and their route. */
  assetsPath: string;
  assets: PlainRoute;
  /** A refusal made before GraphQL ran, as a GraphQL answer. */
  refusal(error: Error): PlainResponse;
  /** Takes over an admitted WebSocket upgrade of `/graphql`; absent when WebSocket is not served. */
  upgrade?: UpgradeDeps['upgrade'];
}

/** What a mounted route is told besides the request and its path. */
export interface RouteContext {
  /** The target's query (only the payment notifications read one). */
  search(): URLSearchParams;
  /** The client's address, when the listener knows it. */
  address?: string;
}

/** A route that may answer with a stream. */
export type MountedRoute = (request: PlainRequest, path: string, at: RouteContext) => Promise<PlainResponse | EventStream>;

/** A capability's route, as the composition mounts it on the router. */
export interface Mount {
  /** The path it serves; with `prefix`, every path that starts with it. */
  path: string;
  prefix?: boolean;
  route: MountedRoute;
  /** The API operation a path names (counted against the rate limit and timed); absent: no API. */
  operation?: (path: string) => string | null;
  /** How a request's span names the route (`http.route`); absent: by its method alone. */
  spanRoute?: string;
}

export interface AppDeps {
  authenticate: Authenticate;
  log: Logger;
  /** The capabilities' routes: exact paths first, then prefixes in the order given. */
  mounts: readonly Mount[];
  /** Whether the store answers, for /readyz. */
  isReady: () => Promise<boolean>;
  /**
   * Gateway mode: the state of the circuit breaker in front of the legacy service, for /readyz.
   * Open, the instance cannot make orders; once a probe is due it says half-open, and ready.
   */
  upstreamState?: () => 'closed' | 'open' | 'half-open';
  /** `/graphql`, whole, and GraphiQL's files. */
  graphql: GraphqlRoutes;
  /** Whether GraphiQL and the REST reference are served, for the home page's links. */
  graphiql: boolean;
  docs: boolean;
  /** Origins allowed by CORS; none when empty. */
  corsOrigins: readonly string[];
  /** Each client's allowance of API requests; null for none. */
  rateLimit: RateLimit | null;
  /** Where API requests are counted and timed; none when left out. */
  metrics?: Metrics;
  /** What GET /metrics answers here, to a token with metrics:read; absent when METRICS_PORT serves it. */
  metricsPage?: MetricsSource;
  /** Ends the open streams and sockets (subscriptions, tracking) cleanly, at shutdown. */
  endStreams?: () => Promise<void>;
}

/**
 * The whole HTTP surface, by path. `fetch` answers a Request (tests call it; no port is opened);
 * `handleNode` is the node:http listener, which answers node's request and response directly.
 * Both run the same routes: the service's own (health, readiness, the home page, metrics) and
 * the capabilities' mounts, and hand `/graphql` to the GraphQL face.
 */
export function createApp(deps: AppDeps) {
  const own = (route: PlainRoute): MountedRoute => (request, path) => route(request, path);
  const healthz: PlainRoute = async () => json(200, { status: 'ok' });
  const readyz: PlainRoute = async () => {
    if (!(await deps.isReady())) return json(503, { status: 'store unavailable' });
    const upstream = deps.upstreamState?.();
    if (upstream === undefined) return json(200, { status: 'ready' });
    return upstream === 'open' ? json(503, { status: 'upstream unavailable', upstream }) : json(200, { status: 'ready', upstream });
  };
  const notFound: MountedRoute = async () => refuse('NOT_FOUND');
  // On this port only when no port of their own is set for them.
  const metricsRoute = deps.metricsPage ? createMetricsRoute(deps.metricsPage, deps.authenticate) : null;
  const builtIn: Mount[] = [
    { path: '/healthz', route: own(healthz) },
    { path: '/readyz', route: own(readyz) },
    { path: '/', route: own(createHomePage({ graphiql: deps.graphiql, docs: deps.docs })), spanRoute: '/' },
    ...(metricsRoute ? [{ path: '/metrics', route: own(metricsRoute) }] : []),
    { path: deps.graphql.assetsPath, prefix: true, route: own(deps.graphql.assets), spanRoute: `${deps.graphql.assetsPath}{file}` },
  ];
  const mounts = [...builtIn, ...deps.mounts];
  const exact = new Map(mounts.filter((m) => !m.prefix).map((m) => [m.path, m]));
  const prefixed = mounts.filter((m) => m.prefix);
  const mountOf = (path: string): Mount | undefined => exact.get(path) ?? prefixed.find((m) => path.startsWith(m.path));

  async function serve(request: PlainRequest, path: string, at: RouteContext): Promise<PlainResponse | EventStream> {
    try {
      return await (mountOf(path)?.route ?? notFound)(request, path, at);
    } catch (error) {
      return answerError(error, deps.log);
    }
  }

  /** The REST operation a path names, for the metrics; null for paths that are no API. */
  const restOperation = (path: string): string | null => mountOf(path)?.operation?.(path) ?? null;
  const admit = createAdmission(deps);
  // Both faces count against the limit, every REST route of orders and quotes included;
  // GraphiQL's page and files do not.
  const isApi = (path: string, method: string, accept: string | undefined) =>
    path === '/graphql' ? !(method === 'GET' && accept?.includes('text/html')) : restOperation(path) !== null;
  // A subscription's stream lasts as long as the client stays: counted against the limit, not timed.
  const observed = (api: boolean, accept: string | undefined) => api && !accept?.includes('text/event-stream');
  /** An answer given before the route: a preflight, or a refusal in the face's own shape. */
  const early = (path: string, answer: PlainResponse | RateLimitedError): PlainResponse => {
    if (!(answer instanceof RateLimitedError)) return answer;
    return path === '/graphql' ? deps.graphql.refusal(answer) : answerError(answer, deps.log);
  };

  const observe = createObserver(deps.metrics);

  async function fetch(input: Request | string, init?: RequestInit): Promise<Response> {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    const url = new URL(request.url);
    const { pathname } = url;
    const header = (name: string) => request.headers.get(name) ?? undefined;
    const api = isApi(pathname, request.method, header('accept'));
    const observation = observed(api, header('accept')) ? observe(pathname, restOperation(pathname)) : null;
    const admitted = admit({ method: request.method, header, address: undefined, api });
    const admission = admitted instanceof Promise ? await admitted : admitted;
    if ('early' in admission) {
      const answer = early(pathname, admission.early);
      observation?.answered(answer);
      return toFetchResponse(answer);
    }
    let response: Response;
    if (pathname === '/graphql') {
      response = await deps.graphql.fetch(request, observation?.note);
      observation?.answeredWith(response.status);
    } else {
      const answer = await serve(fromFetch(request), pathname, { search: () => url.searchParams });
      if (isEventStream(answer)) return eventStreamResponse(answer, admission.headers);
      observation?.answered(answer);
      response = toFetchResponse(answer);
    }
    for (const [name, value] of Object.entries(admission.headers)) response.headers.append(name, value);
    return response;
  }

  async function handleNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req.url ?? '/');
    const method = req.method ?? 'GET';
    const header = (name: string) => req.headers[name] as string | undefined;
    const api = isApi(path, method, req.headers.accept);
    const observation = observed(api, req.headers.accept) ? observe(path, restOperation(path)) : null;
    const admitted = admit({ method, header, address: req.socket.remoteAddress, api });
    const admission = admitted instanceof Promise ? await admitted : admitted;
    if ('early' in admission) {
      const answer = early(path, admission.early);
      observation?.answered(answer);
      return sendNode(res, answer);
    }
    if (path === '/graphql') {
      if (observation) (req as IncomingMessage & { note?: OperationNote }).note = observation.note;
      await deps.graphql.handleNode(req, res, admission.headers);
      observation?.answeredWith(res.statusCode);
      return;
    }
    const search = () => new URL(req.url ?? '/', 'http://service').searchParams;
    const answer = await serve(fromNode(req), path, { search, address: req.socket.remoteAddress });
    if (isEventStream(answer)) return sendEventStreamNode(res, answer, admission.headers);
    observation?.answered(answer);
    sendNode(res, answer, admission.headers);
  }

  const handleUpgrade = createUpgradeHandler({ upgrade: deps.graphql.upgrade, admit, log: deps.log });
  const handlers = { fetch, handleNode };
  // Traced, each request is a span; off, the handlers are these, untouched.
  // A span names its route as its mount says; `/graphql` is the face's.
  const spanRoute = (path: string) => (path === '/graphql' ? path : (mountOf(path)?.spanRoute ?? null));
  const served = tracingOn() ? tracedRequests(handlers, spanRoute) : handlers;
  // An upgrade that comes once the close has begun: its stream would be cut.
  const refuseClosingUpgrade = (socket: Duplex) => refuseUpgrade(socket, refuse('SHUTTING_DOWN'));
  return Object.assign(served, { handleUpgrade, refuseClosingUpgrade, endStreams: deps.endStreams ?? (async () => {}) });
}

export type App = ReturnType<typeof createApp>;
