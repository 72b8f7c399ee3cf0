import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { Authenticate } from '../platform/tokens/verify-token.js';
import type { OrderService } from '../orders/domain/create-order.js';
import type { PaymentNotifications } from '../payments/domain/notifications.js';
import { SANDBOX_PATH } from '../payments/rest/sandbox-path.js';
import { createAdmission } from './admission.js';
import { createHomePage } from './home-page.js';
import { createMetricsRoute } from './metrics-route.js';
import { createOpenApiRoute } from './openapi-route.js';
import { fromNode, sendNode } from './node-adapter.js';
import type { MetricsSource } from '../platform/metrics/cluster-metrics.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import { createObserver, type OperationNote } from './observation.js';
import { createOrderRoutes, ORDER_PATH_PREFIX, type OrderAction } from '../orders/rest/order-routes.js';
import { createOrdersRoute } from '../orders/rest/orders-route.js';
import { createQuotesRoute, QUOTES_PATH } from '../orders/rest/quotes-route.js';
import { RateLimitedError, type RateLimit } from './rate-limit.js';
import { fromFetch, toFetchResponse, type PlainRequest, type PlainResponse, type PlainRoute } from './plain.js';
import { createPaymentNotificationsRoute, NOTIFICATIONS_PATH } from '../payments/rest/payment-notifications-route.js';
import { answerError, json, refuse } from './responses.js';
import { createSandboxPage, type SandboxPageDeps } from '../payments/rest/sandbox-page.js';
import { pathOf } from './request-path.js';
import { tracedRequests } from './request-span.js';
import { tracingOn } from '../platform/tracing/tracer.js';
import { eventStreamResponse, isEventStream, sendEventStreamNode, type EventStream } from './event-stream.js';
import { TRACKING_PATH, type TrackingRoute } from '../live-updates/rest/tracking-route.js';
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

export interface AppDeps {
  orders: OrderService;
  authenticate: Authenticate;
  log: Logger;
  maxBodyBytes: number;
  legacyPaymentField: string | null;
  /** The sandbox provider's page, Pay and Cancel; null when another provider is configured. */
  sandbox: SandboxPageDeps | null;
  /** Payment providers' notifications. */
  paymentNotifications: PaymentNotifications;
  /** Whether the store answers, for /readyz. */
  isReady: () => Promise<boolean>;
  /**
   * Gateway mode: the state of the circuit breaker in front of the legacy service, for /readyz.
   * Open, the instance cannot make orders; once a probe is due it says half-open, and ready.
   */
  upstreamState?: () => 'closed' | 'open' | 'half-open';
  /** `/graphql`, whole, and GraphiQL's files. */
  graphql: GraphqlRoutes;
  publicUrl: string;
  /** Whether GraphiQL is served, for the home page's link. */
  graphiql: boolean;
  /** Origins allowed by CORS; none when empty. */
  corsOrigins: readonly string[];
  /** Each client's allowance of API requests; null for none. */
  rateLimit: RateLimit | null;
  /** Where API requests are counted and timed; none when left out. */
  metrics?: Metrics;
  /** What GET /metrics answers here, to a token with metrics:read; absent when METRICS_PORT serves it. */
  metricsPage?: MetricsSource;
  /** What a client may do to one of its orders, under `/applications/orders/{id}/{name}`, by name. */
  orderActions?: Readonly<Record<string, OrderAction>>;
  /** `/track/…`: orders' public tracking pages and their live streams; absent, none. */
  tracking?: TrackingRoute;
  /** Ends the open streams and sockets (subscriptions, tracking) cleanly, at shutdown. */
  endStreams?: () => Promise<void>;
}

/** A route that may answer with a stream, told the client's address. */
type Route = (request: PlainRequest, path: string) => Promise<PlainResponse | EventStream>;

const ORDERS_PATH = '/applications/orders';

/**
 * The whole HTTP surface, by path. `fetch` answers a Request (tests call it; no port is opened);
 * `handleNode` is the node:http listener, which answers node's request and response directly.
 * Both run the same routes, and hand `/graphql` to the GraphQL face.
 */
export function createApp(deps: AppDeps) {
  const ordersRoute = createOrdersRoute(deps);
  const quotesRoute = createQuotesRoute(deps);
  const orderRoutes = createOrderRoutes(deps, deps.orderActions);
  const sandboxPage = deps.sandbox ? createSandboxPage(deps.sandbox) : null;
  const notificationsRoute = createPaymentNotificationsRoute({
    notifications: deps.paymentNotifications,
    maxBodyBytes: deps.maxBodyBytes,
    log: deps.log,
  });
  const healthz: PlainRoute = async () => json(200, { status: 'ok' });
  const readyz: PlainRoute = async () => {
    if (!(await deps.isReady())) return json(503, { status: 'store unavailable' });
    const upstream = deps.upstreamState?.();
    if (upstream === undefined) return json(200, { status: 'ready' });
    return upstream === 'open' ? json(503, { status: 'upstream unavailable', upstream }) : json(200, { status: 'ready', upstream });
  };
  const notFound: PlainRoute = async () => refuse('NOT_FOUND');
  const home = createHomePage({ graphiql: deps.graphiql });
  const openApi = createOpenApiRoute({ publicUrl: deps.publicUrl, legacyPaymentField: deps.legacyPaymentField });
  // On this port only when no port of their own is set for them.
  const metricsRoute = deps.metricsPage ? createMetricsRoute(deps.metricsPage, deps.authenticate) : null;

  // `search` is the target's query: only the notification route reads one (Mercado Pago names
  // the payment in it, and signs it).
  const routeFor = (path: string, search: () => URLSearchParams, address?: string): Route => {
    if (path === ORDERS_PATH) return ordersRoute;
    if (path.startsWith(ORDER_PATH_PREFIX)) return orderRoutes.route;
    if (path === QUOTES_PATH) return quotesRoute;
    if (path === '/healthz') return healthz;
    if (path === '/readyz') return readyz;
    if (path === '/') return home;
    if (path === '/openapi.json') return openApi;
    if (path === '/metrics' && metricsRoute) return metricsRoute;
    if (path.startsWith(NOTIFICATIONS_PATH)) return (request, at) => notificationsRoute(request, at, search());
    if (sandboxPage && path.startsWith(SANDBOX_PATH)) return sandboxPage;
    if (path.startsWith(deps.graphql.assetsPath)) return deps.graphql.assets;
    if (tracking && path.startsWith(TRACKING_PATH)) return (request, at) => tracking(request, at, address);
    return notFound;
  };

  const { tracking } = deps;

  async function serve(route: Route, request: PlainRequest, path: string): Promise<PlainResponse | EventStream> {
    try {
      return await route(request, path);
    } catch (error) {
      return answerError(error, deps.log);
    }
  }

  /** The REST operation a path names, for the metrics; null for paths that are no API. */
  const restOperation = (path: string): string | null => {
    if (path === ORDERS_PATH) return 'createOrder';
    if (path === QUOTES_PATH) return 'quote';
    return path.startsWith(ORDER_PATH_PREFIX) ? orderRoutes.operation(path) : null;
  };
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
      const answer = await serve(routeFor(pathname, () => url.searchParams), fromFetch(request), pathname);
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
    const answer = await serve(routeFor(path, search, req.socket.remoteAddress), fromNode(req), path);
    if (isEventStream(answer)) return sendEventStreamNode(res, answer, admission.headers);
    observation?.answered(answer);
    sendNode(res, answer, admission.headers);
  }

  const handleUpgrade = createUpgradeHandler({ upgrade: deps.graphql.upgrade, admit, log: deps.log });
  const handlers = { fetch, handleNode };
  // Traced, each request is a span; off, the handlers are these, untouched.
  const served = tracingOn() ? tracedRequests(handlers, deps.graphql.assetsPath) : handlers;
  // An upgrade that comes once the close has begun: its stream would be cut.
  const refuseClosingUpgrade = (socket: Duplex) => refuseUpgrade(socket, refuse('SHUTTING_DOWN'));
  return Object.assign(served, { handleUpgrade, refuseClosingUpgrade, endStreams: deps.endStreams ?? (async () => {}) });
}

export type App = ReturnType<typeof createApp>;
