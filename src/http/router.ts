import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Authenticate } from '../auth/verify-token.js';
import type { OrderService } from '../core/create-order.js';
import type { Order } from '../core/order.js';
import type { GraphqlFace } from '../graphql/face.js';
import { GRAPHIQL_ASSETS_PATH } from '../graphql/graphiql-assets.js';
import { SANDBOX_PATH } from '../payments/sandbox.js';
import { createCors } from './cors.js';
import { createHomePage } from './home-page.js';
import { createOpenApiRoute } from './openapi-route.js';
import { fromNode, sendNode } from './node-adapter.js';
import { createOrdersRoute } from './orders-route.js';
import { fromFetch, toFetchResponse, type PlainRequest, type PlainResponse, type PlainRoute } from './plain.js';
import { answerError, json, refuse } from './responses.js';
import { createSandboxPage } from './sandbox-page.js';

export interface AppDeps {
  orders: OrderService;
  authenticate: Authenticate;
  log: Logger;
  maxBodyBytes: number;
  legacyPaymentField: string | null;
  /** The order a sandbox payment link names. */
  findByPaymentReference: (reference: string) => Promise<Order | null>;
  /** Whether the store answers, for /readyz. */
  isReady: () => Promise<boolean>;
  /**
   * Gateway mode: the state of the circuit breaker in front of the legacy service, for /readyz.
   * Open, the instance cannot make orders; once a probe is due it says half-open, and ready.
   */
  upstreamState?: () => 'closed' | 'open' | 'half-open';
  /** `/graphql`, whole, and GraphiQL's files. */
  graphql: GraphqlFace;
  publicUrl: string;
  /** Whether GraphiQL is served, for the home page's link. */
  graphiql: boolean;
  /** Origins allowed by CORS; none when empty. */
  corsOrigins: readonly string[];
}

/**
 * The whole HTTP surface, by path. `fetch` answers a Request (tests call it; no port is opened);
 * `handleNode` is the node:http listener, which answers node's request and response directly.
 * Both run the same routes, and hand `/graphql` to the GraphQL face.
 */
export function createApp(deps: AppDeps) {
  const ordersRoute = createOrdersRoute(deps);
  const sandboxPage = createSandboxPage(deps.findByPaymentReference);
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

  const routeFor = (path: string): PlainRoute => {
    if (path === '/applications/orders') return ordersRoute;
    if (path === '/healthz') return healthz;
    if (path === '/readyz') return readyz;
    if (path === '/') return home;
    if (path === '/openapi.json') return openApi;
    if (path.startsWith(SANDBOX_PATH)) return sandboxPage;
    if (path.startsWith(GRAPHIQL_ASSETS_PATH)) return deps.graphql.assets;
    return notFound;
  };

  async function serve(route: PlainRoute, request: PlainRequest, path: string): Promise<PlainResponse> {
    try {
      return await route(request, path);
    } catch (error) {
      return answerError(error, deps.log);
    }
  }

  const cors = createCors(deps.corsOrigins);

  async function fetch(input: Request | string, init?: RequestInit): Promise<Response> {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    const { pathname } = new URL(request.url);
    const origin = request.headers.get('origin') ?? undefined;
    const preflight = cors.preflight(request.method, origin, request.headers.get('access-control-request-method') ?? undefined);
    if (preflight) return toFetchResponse(preflight);
    const response =
      pathname === '/graphql'
        ? await deps.graphql.fetch(request)
        : toFetchResponse(await serve(routeFor(pathname), fromFetch(request), pathname));
    for (const [name, value] of Object.entries(cors.headersFor(origin) ?? {})) response.headers.append(name, value);
    return response;
  }

  async function handleNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req.url ?? '/');
    if (cors.enabled && req.headers.origin) {
      const preflight = cors.preflight(req.method ?? 'GET', req.headers.origin, req.headers['access-control-request-method']);
      if (preflight) return sendNode(res, preflight);
      // Set ahead: node merges them with what the route or yoga writes.
      for (const [name, value] of Object.entries(cors.headersFor(req.headers.origin) ?? {})) res.setHeader(name, value);
    }
    if (path === '/graphql') return deps.graphql.handleNode(req, res);
    sendNode(res, await serve(routeFor(path), fromNode(req), path));
  }

  return { fetch, handleNode };
}

export type App = ReturnType<typeof createApp>;

// The API's own paths, sent as they are written, are routed without parsing a URL.
const API_PATHS = new Set(['/applications/orders', '/graphql']);

/** The path of a request's target, as the URL parser reads it (dot segments resolved, no query). */
function pathOf(target: string): string {
  return API_PATHS.has(target) ? target : new URL(target, 'http://service').pathname;
}
