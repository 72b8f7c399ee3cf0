import { SignJWT } from 'jose';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { App } from '../../src/http/router.js';
import { composeService, type ServiceParts } from '../../src/service/compose.js';
import { createListener } from '../../src/platform/listener.js';
import { createRateLimit } from '../../src/http/rate-limiter.js';
import { loadConfig, type Config } from '../../src/service/config.js';
import type { Sql } from '../../src/platform/store/sql.js';
import { createLogger } from '../../src/platform/logger.js';
import type { CreateOrderInput } from '../generated/schema-types.js';
import { defaultEngine, type Engine } from './engines.js';

export const SECRET = 'a-test-secret-of-at-least-thirty-two-bytes';
export const BASE = 'http://service.test';

// Plaza de Armas, Santiago de Chile, and a point about 9 km to the south-east.
export const SANTIAGO = { latitude: -33.4378, longitude: -70.6505 };
export const SANTIAGO_SE = { latitude: -33.495, longitude: -70.58 };
export const NOWHERE = { latitude: 0, longitude: 0 };

// The order both faces are asked for in tests: a towing from Santiago's centre to its south-east.
const TRIP = {
  originLatitude: SANTIAGO.latitude,
  originLongitude: SANTIAGO.longitude,
  destinationLatitude: SANTIAGO_SE.latitude,
  destinationLongitude: SANTIAGO_SE.longitude,
};
const CLIENT = { phoneNumber: '+56912345678', vehicleIdentification: 'ab-12 cd' };

/** createOrder's input for the tests' towing, as restBody's. */
export const orderInput = (over: Partial<CreateOrderInput> = {}): CreateOrderInput => ({ ...TRIP, serviceCode: 'TOWING', ...CLIENT, ...over });

/** POST /applications/orders' body for the tests' towing. */
export const restBody = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ ...TRIP, serviceId: 1, ...CLIENT, ...over });

export function signTestToken(claims: Record<string, unknown> = {}, secret = SECRET): Promise<string> {
  const { sub = 'app-1', ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(sub))
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(secret));
}

// TEST_VIA=listener runs the API tests through the production listener (node:http, port 0)
// rather than the app's fetch handler; the test configuration runs them both ways.
const VIA_LISTENER = process.env.TEST_VIA === 'listener';

async function listen(app: App, sql: Sql, config: Config) {
  const server = createListener(app, sql, config.timeouts, config.maxBodyBytes);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      // Open subscriptions and WebSocket connections end first: node would wait for them.
      await app.endStreams();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

export interface TestServiceOptions extends Partial<Pick<ServiceParts, 'payments' | 'clock' | 'graphiqlToken' | 'webhooks'>> {
  /** Serve through the production listener on a port of its own (always so with TEST_VIA=listener). */
  listen?: boolean;
  env?: Record<string, string>;
  /** Where the store lives; by default PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
  engine?: Engine;
  /** Where the service logs; by default nowhere (LOG_LEVEL silent). */
  log?: Logger;
}

/**
 * The whole service over a store of its own (an in-memory PGlite, or a throw-away PostgreSQL
 * database), seeded with the demo operators as at a real start, driven through its fetch
 * handler; no port.
 */
export async function startTestService(options: TestServiceOptions = {}) {
  // No rate limit unless a test asks for one: the suites send many requests with one token.
  const config = loadConfig({ AUTH_JWT_SECRET: SECRET, LOG_LEVEL: 'silent', PUBLIC_URL: BASE, RATE_LIMIT_PER_MINUTE: '0', ...options.env });
  const rateLimit = createRateLimit(config);
  const store = await (options.engine ?? defaultEngine).open();
  const { sql } = store;
  const log = options.log ?? createLogger(config.logLevel);
  const service = await composeService({ ...options, config, sql, log, secret: config.auth.jwtSecret, rateLimit: rateLimit?.limit }).catch(
    async (error: unknown) => {
      await store.dispose();
      throw error;
    },
  );
  const token = await signTestToken();
  const listener = VIA_LISTENER || options.listen ? await listen(service.app, sql, config) : null;

  async function call(path: string, init: RequestInit & { auth?: string | null } = {}) {
    const { auth = `Bearer ${token}`, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (auth) headers.set('authorization', auth);
    const response = listener
      ? await fetch(`${listener.base}${path}`, { ...rest, headers })
      : await service.app.fetch(`${BASE}${path}`, { ...rest, headers });
    const text = await response.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, text, body };
  }

  return {
    ...service,
    sql,
    token,
    /** The listener's base URL, when the service listens. */
    base: listener?.base,
    call,
    rest: (body: unknown, init: RequestInit & { auth?: string | null } = {}) =>
      call('/applications/orders', {
        method: 'POST',
        body: JSON.stringify(body),
        ...init,
        headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
      }),
    gql: (query: string, variables: Record<string, unknown> = {}, init: { auth?: string | null } = {}) =>
      call('/graphql', {
        method: 'POST',
        body: JSON.stringify({ query, variables }),
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        ...init,
      }),
    countOrders: async () => (await sql.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n,
    close: async () => {
      await service.app.endStreams();
      await listener?.close();
      // The timers and the providers' pools stop before the store they use closes.
      await service.stop();
      await rateLimit?.close();
      await store.dispose();
    },
  };
}

export type TestService = Awaited<ReturnType<typeof startTestService>>;
