import { GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import { UnauthenticatedError, type Authenticate } from './auth/verify-token.js';
import type { OrderService } from './core/create-order.js';
import { RequestError } from './error-table.js';
import type { GraphQLContext } from './graphql/builder.js';
import { schema } from './graphql/schema.js';
import { toErrorResponse } from './http/error-response.js';
import { createOrdersRoute } from './http/orders-route.js';
import { errorResponse, json } from './http/responses.js';
import { createSandboxPage } from './http/sandbox-page.js';
import { SANDBOX_PATH } from './payments/sandbox.js';

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
}

type Route = (request: Request, url: URL) => Promise<Response>;

/** The whole HTTP surface as one fetch handler (also a node:http listener); opens no port. */
export function createApp(deps: AppDeps) {
  const ordersRoute = createOrdersRoute(deps);
  const sandboxPage = createSandboxPage(deps.orders);
  const healthz: Route = async () => json(200, { status: 'ok' });
  const readyz: Route = async () =>
    (await deps.isReady()) ? json(200, { status: 'ready' }) : json(503, { status: 'store unavailable' });

  const route = (path: string): Route | undefined => {
    if (path === '/applications/orders') return ordersRoute;
    if (path === '/healthz') return healthz;
    if (path === '/readyz') return readyz;
    if (path.startsWith(SANDBOX_PATH)) return sandboxPage;
    return undefined;
  };

  // Everything but /graphql is answered here, before yoga parses anything.
  const router: Plugin = {
    async onRequest({ request, url, endResponse }) {
      if (url.pathname === '/graphql') {
        if (Number(request.headers.get('content-length') ?? 0) > deps.maxBodyBytes) {
          endResponse(toErrorResponse(new RequestError('PAYLOAD_TOO_LARGE'), deps.log));
        }
        return;
      }
      const handler = route(url.pathname);
      try {
        endResponse(handler ? await handler(request, url) : errorResponse('NOT_FOUND', 'Ruta no encontrada'));
      } catch (error) {
        endResponse(toErrorResponse(error, deps.log));
      }
    },
  };

  return createYoga<object, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: {
      title: 'Órdenes de asistencia en ruta',
      ...(deps.graphiqlToken ? { headers: JSON.stringify({ Authorization: `Bearer ${deps.graphiqlToken}` }) } : {}),
    },
    logging: {
      debug: (...args) => deps.log.debug({ args }, 'graphql'),
      info: (...args) => deps.log.info({ args }, 'graphql'),
      warn: (...args) => deps.log.warn({ args }, 'graphql'),
      error: (...args) => deps.log.error({ err: args[0] }, 'graphql error'),
    },
    context: async ({ request }) => {
      try {
        return { caller: await deps.authenticate(request.headers.get('authorization')), orders: deps.orders };
      } catch (error) {
        if (!(error instanceof UnauthenticatedError)) throw error;
        throw new GraphQLError(error.message, {
          extensions: { code: error.code, http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } } },
        });
      }
    },
    plugins: [router],
  });
}

export type App = ReturnType<typeof createApp>;
