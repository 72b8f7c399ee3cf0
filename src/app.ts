import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import { UnauthenticatedError, type Authenticate } from './auth/verify-token.js';
import type { OrderService } from './core/create-order.js';
import { RequestError } from './error-table.js';
import { DomainError } from './core/errors.js';
import type { GraphQLContext, ResolverContext } from './graphql/builder.js';
import { operationLimits } from './graphql/operation-limits.js';
import { schema } from './graphql/schema.js';
import { toErrorResponse } from './http/error-response.js';
import { idempotentRequest } from './http/idempotency-header.js';
import { createGraphqlPost } from './http/graphql-post.js';
import { fromNode, sendNode } from './http/node-adapter.js';
import { createOrdersRoute } from './http/orders-route.js';
import { fromFetch, toFetchResponse, type PlainRequest, type PlainResponse, type PlainRoute } from './http/plain.js';
import { errorResponse, json } from './http/responses.js';
import { createSandboxPage } from './http/sandbox-page.js';
import { SANDBOX_PATH } from './payments/sandbox.js';
import { StoreUnavailableError } from './core/errors.js';

export interface AppDeps {
  orders: OrderService;
  authenticate: Authenticate;
  log: Logger;
  maxBodyBytes: number;
  legacyPaymentField: string | null;
  /** Whether the store answers, for /readyz. */
  isReady: () => Promise<boolean>;
  /** Pre-filled in GraphiQL's headers; development only. */
  graphiqlToken?: string;
  /** The other services the resolvers use, merged into every GraphQL context. */
  extraContext: Omit<ResolverContext, keyof GraphQLContext>;
}

/**
 * The whole HTTP surface. `fetch` answers a Request (tests call it; no port is opened);
 * `handleNode` is the node:http listener, which serves the REST routes straight from node's
 * request and response and hands /graphql to yoga. Both run the same route handlers.
 */
export function createApp(deps: AppDeps) {
  const ordersRoute = createOrdersRoute(deps);
  const sandboxPage = createSandboxPage(deps.orders);
  const healthz: PlainRoute = async () => json(200, { status: 'ok' });
  const readyz: PlainRoute = async () =>
    (await deps.isReady()) ? json(200, { status: 'ready' }) : json(503, { status: 'store unavailable' });
  const notFound: PlainRoute = async () => errorResponse('NOT_FOUND', 'Ruta no encontrada');

  const routeFor = (path: string): PlainRoute | undefined => {
    if (path === '/graphql') return undefined;
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
      return toErrorResponse(error, deps.log);
    }
  }

  // Through yoga (fetch): everything but /graphql is answered here, before yoga parses anything.
  const router: Plugin = {
    async onRequest({ request, url, serverContext, endResponse }) {
      // A POST from node:http is /graphql with its body already read and checked: nothing to do.
      if (request.method === 'POST' && 'req' in serverContext) return;
      const route = routeFor(url.pathname);
      if (route) {
        endResponse(toFetchResponse(await serve(route, fromFetch(request), url.pathname)));
      } else if (Number(request.headers.get('content-length') ?? 0) > deps.maxBodyBytes) {
        endResponse(toFetchResponse(toErrorResponse(new RequestError('PAYLOAD_TOO_LARGE'), deps.log)));
      }
    },
  };

  const yoga = createYoga<object, ResolverContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: {
      title: 'Órdenes de asistencia en ruta',
      ...(deps.graphiqlToken ? { headers: JSON.stringify({ Authorization: `Bearer ${deps.graphiqlToken}` }) } : {}),
    },
    // Unexpected errors are masked. Known failures that are no member of a result union (a store
    // outage, a refused Idempotency-Key) are top-level errors with their code and HTTP status.
    maskedErrors: {
      maskError(error, message, isDev) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        const known = original instanceof StoreUnavailableError || original instanceof DomainError;
        if (!known) return maskError(error, message, isDev);
        const rest = toErrorResponse(original, deps.log);
        const body = JSON.parse(rest.body);
        return new GraphQLError(body.message, {
          extensions: { code: original.code, field: body.field, http: { status: rest.status, headers: rest.headers } },
        });
      },
    },
    logging: {
      // yoga logs a few debug lines per request: no work for them unless they will be written.
      debug: deps.log.isLevelEnabled('debug') ? (...args) => deps.log.debug({ args }, 'graphql') : () => {},
      info: (...args) => deps.log.info({ args }, 'graphql'),
      warn: (...args) => deps.log.warn({ args }, 'graphql'),
      error: (...args) => deps.log.error({ err: args[0] }, 'graphql error'),
    },
    context: async ({ request, params }) => {
      try {
        const caller = await deps.authenticate(request.headers.get('authorization'));
        const { query, variables, operationName } = params;
        const idempotent = idempotentRequest(request.headers.get('idempotency-key'), 'graphql', {
          query,
          variables,
          operationName,
        });
        return { caller, orders: deps.orders, idempotent, ...deps.extraContext };
      } catch (error) {
        if (!(error instanceof UnauthenticatedError)) throw error;
        throw new GraphQLError(error.message, {
          extensions: { code: error.code, http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } } },
        });
      }
    },
    plugins: [router, ...operationLimits()],
  });

  const answerDirectly = createGraphqlPost(yoga, deps.log);

  async function handleNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req.url ?? '/');
    const route = routeFor(path);
    if (!route && req.method === 'POST') return graphqlWithBody(req, res);
    if (!route) return yoga(req, res);
    sendNode(res, await serve(route, fromNode(req), path));
  }

  /**
   * A GraphQL POST: the body is read here, under the same size limit as REST (declared or not),
   * and handed to yoga already parsed, the way body-parsing middleware does; yoga then skips
   * turning node's stream into a fetch body, a third of the CPU a mutation costs. The usual
   * operation is then run without yoga's HTTP layer (see graphql-post.ts). A body that is not a
   * JSON object goes on as text, for yoga to answer as it always does.
   */
  async function graphqlWithBody(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const plain = fromNode(req);
    let text: string;
    try {
      if (Number(plain.header('content-length')) > deps.maxBodyBytes) throw new RequestError('PAYLOAD_TOO_LARGE');
      text = await plain.text(deps.maxBodyBytes);
    } catch (error) {
      return sendNode(res, toErrorResponse(error, deps.log));
    }
    const body = parsedObject(plain.header('content-type'), text);
    const answer = await answerDirectly(plain, body);
    if (answer) return sendNode(res, answer);
    Object.assign(req, { body: body ?? text });
    return yoga(req, res);
  }

  return { fetch: yoga.fetch, handleNode };
}

export type App = ReturnType<typeof createApp>;

// The API's own paths, sent as they are written, are routed without parsing a URL.
const API_PATHS = new Set(['/applications/orders', '/graphql']);

/** The path of a request's target, as the URL parser reads it (dot segments resolved, no query). */
function pathOf(target: string): string {
  return API_PATHS.has(target) ? target : new URL(target, 'http://service').pathname;
}

/** The body as an object when it is a JSON object with something in it; undefined otherwise. */
function parsedObject(contentType: string | undefined, text: string): object | undefined {
  if (!contentType?.includes('json')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && Object.keys(value).length > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
