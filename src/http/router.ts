import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Authenticate } from '../auth/verify-token.js';
import type { OrderService } from '../core/create-order.js';
import { RequestError } from '../error-table.js';
import type { GraphqlFace } from '../graphql/face.js';
import { SANDBOX_PATH } from '../payments/sandbox.js';
import { fromNode, sendNode } from './node-adapter.js';
import { createOrdersRoute } from './orders-route.js';
import { fromFetch, toFetchResponse, type PlainRequest, type PlainResponse, type PlainRoute } from './plain.js';
import { answerError, json } from './responses.js';
import { createSandboxPage } from './sandbox-page.js';

export interface AppDeps {
  orders: OrderService;
  authenticate: Authenticate;
  log: Logger;
  maxBodyBytes: number;
  legacyPaymentField: string | null;
  /** Whether the store answers, for /readyz. */
  isReady: () => Promise<boolean>;
  /** `/graphql`, whole. */
  graphql: GraphqlFace;
}

/**
 * The whole HTTP surface, by path. `fetch` answers a Request (tests call it; no port is opened);
 * `handleNode` is the node:http listener, which answers node's request and response directly.
 * Both run the same routes, and hand `/graphql` to the GraphQL face.
 */
export function createApp(deps: AppDeps) {
  const ordersRoute = createOrdersRoute(deps);
  const sandboxPage = createSandboxPage(deps.orders, deps.log);
  const healthz: PlainRoute = async () => json(200, { status: 'ok' });
  const readyz: PlainRoute = async () =>
    (await deps.isReady()) ? json(200, { status: 'ready' }) : json(503, { status: 'store unavailable' });
  const notFound: PlainRoute = async () => answerError(new RequestError('NOT_FOUND'), deps.log);

  const routeFor = (path: string): PlainRoute => {
    if (path === '/applications/orders') return ordersRoute;
    if (path === '/healthz') return healthz;
    if (path === '/readyz') return readyz;
    if (path.startsWith(SANDBOX_PATH)) return sandboxPage;
    return notFound;
  };

  async function serve(route: PlainRoute, request: PlainRequest, path: string): Promise<PlainResponse> {
    try {
      return await route(request, path);
    } catch (error) {
      return answerError(error, deps.log);
    }
  }

  async function fetch(input: Request | string, init?: RequestInit): Promise<Response> {
    const request = typeof input === 'string' ? new Request(input, init) : input;
    const { pathname } = new URL(request.url);
    if (pathname === '/graphql') return deps.graphql.fetch(request);
    return toFetchResponse(await serve(routeFor(pathname), fromFetch(request), pathname));
  }

  async function handleNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req.url ?? '/');
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
