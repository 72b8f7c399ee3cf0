import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE, type ErrorCode } from '../../src/http/error-table.js';
import { startGateway } from '../gateway/arrange-gateway.js';
import { operatorAuth, platformAuth, startLifeService } from '../lifecycle/api/support.js';
import { LIMITS } from '../../src/graphql/operation-limits.js';
import { faultyEngine } from '../support/faulty-store.js';
import { CANCEL_ORDER, CREATE_ORDER, ASSIGN_ORDER, ACCEPT_OFFER } from '../support/operations.js';
import { fileURLToPath } from 'node:url';
import { NOWHERE, orderInput, restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

// Every code of the error table, provoked for real through both faces of a running service: REST
// answers the table's status, code, message and headers; GraphQL its union member with the same
// code and message, or a top-level error with them. The record is exhaustive: a code added to
// ErrorCode without a case here fails the typecheck.

/** What a face answered, read the same way for both. */
interface Answer {
  status: number;
  headers: Headers;
  body: any;
}
type Probe = (s: Services) => Promise<Answer>;
/** The error's own fields, for a message the table writes from them. */
type Of = Record<string, unknown>;
type Case =
  | { rest: Probe; graphql: Probe; of?: Of }
  | { rest: Probe; graphql: null; why: string; of?: Of }
  | { rest: null; graphql: Probe; why: string; of?: Of }
  // Answered outside both faces' requests; `heldBy` is the test that provokes it.
  | { rest: null; graphql: null; why: string; heldBy: string };

const MANIFEST = fileURLToPath(new URL('../../examples/gql/persisted-documents.json', import.meta.url));

let life: Awaited<ReturnType<typeof startLifeService>>;
let faulty: TestService;
let limited: TestService;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let trusted: TestService;
const store = faultyEngine();
interface Services {
  /** Sandbox payments behind a public front, operators in areas of their own. */
  life: typeof life;
  /** A store and a payment provider that fail when told. */
  faulty: TestService;
  /** One request a minute per client. */
  limited: TestService;
  gateway: typeof gateway;
  /** Runs only the documents of the repository's manifest, by id. */
  trusted: TestService;
}

// The payment provider of `faulty`: down for tyre changes; `hold` keeps the next link waiting.
let held: { entered: () => void; released: Promise<void> } | null = null;
function hold() {
  let entered!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  held = { entered, released: new Promise<void>((resolve) => (release = resolve)) };
  return { started, release };
}

beforeAll(async () => {
  [life, faulty, limited, gateway] = await Promise.all([
    startLifeService(),
    startTestService({
      engine: store,
      env: { STORE_TIMEOUT_MS: '300' },
      payments: {
        async createPaymentLink({ description, reference }) {
          if (description.includes('neumático')) throw new Error('provider down');
          const wait = held;
          held = null;
          wait?.entered();
          await wait?.released;
          return { url: `https://pay.example/${reference}` };
        },
        async cancelPaymentLink() {},
        async refundPayment() {},
      },
    }),
    startTestService({ env: { RATE_LIMIT_PER_MINUTE: '1' } }),
    startGateway(),
  ]);
  trusted = await startTestService({ env: { GRAPHQL_TRUSTED_DOCUMENTS: MANIFEST, GRAPHQL_TRUSTED_DOCUMENTS_ONLY: 'true' } });
}, 120_000);
afterAll(() => Promise.all([life?.close(), faulty?.close(), limited?.close(), gateway?.close(), trusted?.close()]));

const bearer = async (claims: Record<string, unknown>) => `Bearer ${await signTestToken(claims)}`;
const post = (service: TestService, path: string, body: string, headers: Record<string, string> = {}, auth?: string) =>
  service.call(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers }, ...(auth ? { auth } : {}) });
const gqlBody = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
const gql = (service: TestService, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}, auth?: string) =>
  post(service, '/graphql', gqlBody(query, variables), { accept: 'application/graphql-response+json', ...headers }, auth);
const cancelRest = (service: TestService, id: string | number) => post(service, `/applications/orders/${id}/cancel`, '{}');
const cancelGql = (service: TestService, id: string | number) => gql(service, CANCEL_ORDER, { input: { orderId: String(id) } });
const keyed = (key: string) => ({ 'idempotency-key': key });
/** The store behaves as `fault` says for the one request `send` makes. */
async function withFault(fault: typeof store.fault, send: () => Promise<Answer>): Promise<Answer> {
  store.fault = fault;
  try {
    return await send();
  } finally {
    store.fault = 'none';
  }
}
/** The answer to a second request with the key while the first still waits for its payment link. */
async function keyInUse(send: (key: string) => Promise<Answer>, key: string): Promise<Answer> {
  const { started, release } = hold();
  const first = send(key);
  await started;
  const second = await send(key);
  release();
  expect((await first).status).toBe(200);
  return second;
}
/** The answer to a second request with the key whose first call timed out at the legacy. */
async function outcomeUnknown(send: (key: string) => Promise<Answer>, key: string): Promise<Answer> {
  await gateway.reset();
  gateway.fake.setMode({ kind: 'slow', delayMs: 1_500 });
  expect((await send(key)).status).toBe(504);
  await gateway.fake.settled();
  gateway.fake.setMode({ kind: 'ok' });
  return send(key);
}
/** The answer while the legacy behaves as `mode` says. */
async function legacy(mode: Parameters<typeof gateway.fake.setMode>[0] | 'forbidden', send: () => Promise<Answer>) {
  await gateway.reset();
  gateway.fake.setMode(mode === 'forbidden' ? { kind: 'forbidden' } : mode);
  return send();
}
const gatewayRest = () => gateway.service.rest(restBody());
const gatewayGql = () => gql(gateway.service, CREATE_ORDER, { input: orderInput() });
/** An order of the caller's on its way to its destination: too late to cancel. */
async function towedOrder(): Promise<string> {
  const { id, operator } = await life.acceptedOrder();
  for (const to of ['PARTNER_GOING_TO_ORIGIN', 'PARTNER_IN_ORIGIN', 'PARTNER_GOING_TO_DESTINATION']) await life.advance(operator, id, to);
  return id;
}
const tooLarge = 'x'.repeat(20_000);
// One level past the depth limit in partners, between the order and its id: found depth + 3.
const deep = `query { order(id: "1") ${'{ partner '.repeat(LIMITS.depth + 1)}{ id }${' }'.repeat(LIMITS.depth + 1)} }`;

const CASES: Record<ErrorCode, Case> = {
  INVALID_INPUT: {
    rest: (s) => s.life.rest(restBody({ phoneNumber: '+12' })),
    graphql: (s) => gql(s.life, CREATE_ORDER, { input: orderInput({ phoneNumber: '+12' }) }),
  },
  NO_OPERATOR_AVAILABLE: {
    rest: (s) => s.life.rest(restBody({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude })),
    graphql: (s) => gql(s.life, CREATE_ORDER, { input: orderInput({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude }) }),
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    rest: (s) => s.faulty.rest(restBody({ serviceId: 3 })),
    graphql: (s) => gql(s.faulty, CREATE_ORDER, { input: orderInput({ serviceCode: 'TYRE_CHANGE' }) }),
  },
  OPERATOR_NOT_FOUND: {
    rest: null,
    why: 'the roster is managed through GraphQL only: no REST route names an operator',
    graphql: async (s) => {
      const { id } = await s.life.offeredOrder();
      return gql(s.life, ASSIGN_ORDER, { input: { orderId: id, operatorId: 'nobody-here' } }, {}, await platformAuth());
    },
    of: { operatorId: 'nobody-here' },
  },
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    rest: null,
    why: 'webhook endpoints are managed through GraphQL only',
    graphql: (s) => gql(s.life, 'mutation { deleteWebhookEndpoint(id: "wh_none") { __typename ... on Error { code message } } }'),
    of: { endpointId: 'wh_none' },
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    rest: null,
    why: 'webhook deliveries are replayed through GraphQL only',
    graphql: (s) => gql(s.life, 'mutation { replayWebhookDelivery(id: "whd_none") { __typename ... on Error { code message } } }'),
    of: { deliveryId: 'whd_none' },
  },
  INVALID_TRANSITION: {
    rest: async (s) => cancelRest(s.life, await towedOrder()),
    graphql: async (s) => cancelGql(s.life, await towedOrder()),
    // REST writes the states in the legacy's lower case, GraphQL as its enums: the message is REST's.
    of: { status: 'pending', pendingStatus: 'partner_going_to_destination' },
  },
  OFFER_UNAVAILABLE: {
    rest: null,
    why: 'offers are answered by operators through GraphQL only',
    graphql: async (s) => {
      const { id, operators } = await s.life.offeredOrder();
      return gql(s.life, ACCEPT_OFFER, { orderId: id }, {}, await operatorAuth(operators[2]!));
    },
  },
  OPERATOR_UNAVAILABLE: {
    rest: null,
    why: 'the platform assigns orders through GraphQL only',
    graphql: async (s) => {
      const { id, operators } = await s.life.offeredOrder();
      await s.life.operators.setDuty({ id: operators[2]!, onDuty: false });
      return gql(s.life, ASSIGN_ORDER, { input: { orderId: id, operatorId: operators[2] } }, {}, await platformAuth());
    },
  },
  ORDER_NOT_FOUND: {
    rest: (s) => cancelRest(s.life, 9_007_199_254_740),
    graphql: (s) => cancelGql(s.life, 9_007_199_254_740),
  },
  IDEMPOTENCY_KEY_REUSED: {
    rest: async (s) => {
      await s.life.rest(restBody(), { headers: keyed('reused-rest') });
      return s.life.rest(restBody({ serviceId: 2 }), { headers: keyed('reused-rest') });
    },
    graphql: async (s) => {
      await gql(s.life, CREATE_ORDER, { input: orderInput() }, keyed('reused-gql'));
      return gql(s.life, CREATE_ORDER, { input: orderInput({ serviceCode: 'BATTERY_JUMP_START' }) }, keyed('reused-gql'));
    },
  },
  IDEMPOTENCY_KEY_IN_USE: {
    rest: (s) => keyInUse((key) => s.faulty.rest(restBody(), { headers: keyed(key) }), 'in-use-rest'),
    graphql: (s) => keyInUse((key) => gql(s.faulty, CREATE_ORDER, { input: orderInput() }, keyed(key)), 'in-use-gql'),
  },
  MALFORMED_JSON: {
    rest: (s) => post(s.life, '/applications/orders', '{"originLatitude":'),
    graphql: null,
    why: 'GraphQL answers a body that is not JSON as graphql-yoga does: 400 BAD_REQUEST, "POST body sent invalid JSON."',
  },
  UNAUTHENTICATED: {
    rest: (s) => s.life.rest(restBody(), { auth: 'Bearer not-a-token' }),
    graphql: (s) => gql(s.life, CREATE_ORDER, { input: orderInput() }, {}, 'Bearer not-a-token'),
    of: { missing: false },
  },
  // The legacy service forbids the forwarded token: the same refusal on both faces.
  FORBIDDEN: {
    rest: () => legacy('forbidden', gatewayRest),
    graphql: () => legacy('forbidden', gatewayGql),
    of: {},
  },
  NOT_FOUND: {
    rest: (s) => s.life.call('/applications/orders/1/nothing-here', { method: 'POST' }),
    graphql: null,
    why: 'GraphQL has one path: a path under it is refused by the HTTP edge, in REST\'s shape ({ message, code }), not as a GraphQL error',
  },
  METHOD_NOT_ALLOWED: {
    rest: (s) => s.life.call('/applications/orders', { method: 'PUT', body: '{}' }),
    graphql: null,
    why: 'at /graphql, graphql-yoga gives PUT and DELETE a meaning (a stream reserved, ended), and refuses a mutation by GET with its own 405 BAD_REQUEST',
  },
  PAYLOAD_TOO_LARGE: {
    rest: (s) => post(s.life, '/applications/orders', JSON.stringify(restBody({ clientName: tooLarge }))),
    graphql: null,
    why: 'GraphQL\'s 413 is not the table\'s: graphql-yoga\'s REQUEST_ENTITY_TOO_LARGE when no length is declared, REST\'s shape when the listener refuses a declared one',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    rest: (s) => post(s.life, '/applications/orders', JSON.stringify(restBody()), { 'content-type': 'text/plain' }),
    graphql: null,
    why: 'GraphQL answers another media type as graphql-yoga does: 415 with no code of the table',
  },
  OPERATION_LIMIT_EXCEEDED: {
    rest: null,
    why: 'a limit of the GraphQL operation (depth, aliases, size): a REST request has no operation',
    graphql: (s) => gql(s.life, deep),
    of: { limit: `Query depth limit of ${LIMITS.depth} exceeded, found ${LIMITS.depth + 3}.` },
  },
  PERSISTED_QUERY_ONLY: {
    rest: null,
    why: 'REST has no GraphQL documents: what a trusted documents manifest allows is a GraphQL matter',
    graphql: (s) => gql(s.trusted, CREATE_ORDER, { input: orderInput() }),
  },
  PERSISTED_QUERY_NOT_IN_LIST: {
    rest: null,
    why: 'REST has no GraphQL documents: what a trusted documents manifest allows is a GraphQL matter',
    graphql: (s) =>
      post(s.trusted, '/graphql', JSON.stringify({ documentId: `sha256:${'0'.repeat(64)}` }), { accept: 'application/graphql-response+json' }),
  },
  ONE_ORDER_PER_REQUEST: {
    rest: null,
    why: 'a REST request is one order by its shape',
    graphql: (s) => gql(s.life, CREATE_ORDER.replace('createOrder(input: $input)', 'a: createOrder(input: $input) { __typename } b: createOrder(input: $input)'), { input: orderInput() }),
  },
  RATE_LIMITED: {
    rest: async (s) => {
      const auth = await bearer({ sub: 'limited-rest' });
      await s.limited.rest(restBody(), { auth });
      return s.limited.rest(restBody(), { auth });
    },
    graphql: async (s) => {
      const auth = await bearer({ sub: 'limited-gql' });
      await gql(s.limited, CREATE_ORDER, { input: orderInput() }, {}, auth);
      return gql(s.limited, CREATE_ORDER, { input: orderInput() }, {}, auth);
    },
  },
  INVALID_SIGNATURE: {
    rest: (s) => post(s.life, '/payments/notifications/sandbox', JSON.stringify({ id: 'forged' }), { 'x-signature': 'forged' }),
    graphql: null,
    why: 'payment providers notify through their own HTTP route; there is no GraphQL notification',
  },
  STORE_UNAVAILABLE: {
    rest: (s) => withFault('down', () => s.faulty.rest(restBody())),
    graphql: (s) => withFault('down', () => gql(s.faulty, CREATE_ORDER, { input: orderInput() })),
  },
  ORDER_OUTCOME_UNKNOWN: {
    rest: (s) => withFault('lost-commit', () => s.faulty.rest(restBody(), { headers: keyed('lost-rest') })),
    graphql: (s) => withFault('lost-commit', () => gql(s.faulty, CREATE_ORDER, { input: orderInput() }, keyed('lost-gql'))),
  },
  UPSTREAM_REJECTED: {
    rest: () => legacy({ kind: 'rejected', message: 'Patente con deuda pendiente' }, gatewayRest),
    graphql: () => legacy({ kind: 'rejected', message: 'Patente con deuda pendiente' }, gatewayGql),
    of: { legacyMessage: 'Patente con deuda pendiente' },
  },
  UPSTREAM_UNAVAILABLE: {
    rest: () => legacy({ kind: 'status', status: 503 }, gatewayRest),
    graphql: () => legacy({ kind: 'status', status: 503 }, gatewayGql),
    of: { orderMayExist: true },
  },
  UPSTREAM_BAD_RESPONSE: {
    rest: () => legacy({ kind: 'not-an-order' }, gatewayRest),
    graphql: () => legacy({ kind: 'not-an-order' }, gatewayGql),
    of: { orderMayExist: true },
  },
  UPSTREAM_TIMEOUT: {
    rest: () => legacy({ kind: 'slow', delayMs: 1_500 }, gatewayRest),
    graphql: () => legacy({ kind: 'slow', delayMs: 1_500 }, gatewayGql),
    of: { orderMayExist: true },
  },
  UPSTREAM_OUTCOME_UNKNOWN: {
    rest: () => outcomeUnknown((key) => gateway.service.rest(restBody(), { headers: keyed(key) }), 'late-rest'),
    graphql: () => outcomeUnknown((key) => gql(gateway.service, CREATE_ORDER, { input: orderInput() }, keyed(key)), 'late-gql'),
  },
  UNAVAILABLE_IN_GATEWAY_MODE: {
    rest: () => cancelRest(gateway.service, 1),
    graphql: () => cancelGql(gateway.service, 1),
    of: { what: 'order_life' },
  },
  SHUTTING_DOWN: {
    rest: null,
    graphql: null,
    why: 'told only to a WebSocket upgrade that comes once the service has begun to stop; requests are answered while it drains',
    heldBy: 'test/e2e/shutdown-listener.test.ts',
  },
  INTERNAL: {
    rest: (s) => withFault('broken', () => s.faulty.rest(restBody())),
    graphql: null,
    why: 'GraphQL masks an unexpected failure as graphql-yoga does: a field error, INTERNAL_SERVER_ERROR, "Unexpected error."',
  },
};

/** The table's message for the code, written from the error's fields where it takes them. */
function messageOf(code: ErrorCode, of: Of | undefined): string | null {
  const { message } = ERROR_TABLE[code];
  if (typeof message === 'string') return message;
  return of ? (message as (e: Of) => string)(of) : null;
}

const services = (): Services => ({ life, faulty, limited, gateway, trusted });

describe('REST and GraphQL answer every code of the error table alike', () => {
  it.each(Object.keys(CASES) as ErrorCode[])('%s', async (code) => {
    const entry: { status: number; graphqlType?: string; headers?: Record<string, string> } = ERROR_TABLE[code];
    const kase = CASES[code];
    if ('heldBy' in kase) {
      const held = await readFile(new URL(`../../${kase.heldBy}`, import.meta.url), 'utf8');
      return void expect(held, kase.heldBy).toContain(code);
    }
    let expected = messageOf(code, kase.of);

    if (kase.rest) {
      const rest = await kase.rest(services());
      expect([rest.status, rest.body?.code], JSON.stringify(rest.body)).toEqual([entry.status, code]);
      if (expected !== null) expect(rest.body.message).toBe(expected);
      expected ??= rest.body.message as string;
      for (const [name, value] of Object.entries(entry.headers ?? {})) expect(rest.headers.get(name), name).toBe(value);
      const details = (ERROR_TABLE[code] as { details?: (e: Of) => Of }).details;
      if (details && kase.of) expect(rest.body).toMatchObject(details(kase.of));
    }

    if (kase.graphql) {
      const graphql = await kase.graphql(services());
      const member = graphql.body?.data && Object.values(graphql.body.data as object)[0];
      if (entry.graphqlType && member) {
        expect(graphql.status).toBe(200);
        expect(member).toMatchObject({ __typename: entry.graphqlType, code });
        // A member carries the fields its message is written from (operatorId, say).
        expect(member.message).toBe(expected ?? messageOf(code, member));
      } else {
        const [error] = graphql.body?.errors ?? [];
        expect([graphql.status, error?.extensions?.code], JSON.stringify(graphql.body)).toEqual([entry.status, code]);
        if (expected !== null) expect(error.message).toBe(expected);
        for (const [name, value] of Object.entries(entry.headers ?? {})) expect(graphql.headers.get(name), name).toBe(value);
      }
    }
  });
});
