import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { startServer, type RunningServer } from './child-server.js';
import { CEILING } from './measurement.js';
import { operatorId, prepareRoster, rosterPosition } from './roster.js';
import { cpus } from 'node:os';
import { startOnPostgres } from './postgres.js';
import { startService } from './service.js';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
  /** A body for each request sent under load, when they must differ; `body` is the check request's. */
  nextBody?: () => string;
}

/**
 * Scenarios measured in turn, `rounds` times over, so that the machine's drift between one
 * scenario and the next (large on these shared machines) falls on each of them alike.
 */
export interface Interleaved {
  interleaved: Scenario[];
  rounds: number;
}

export type Step = Scenario | Interleaved;

export interface Answer {
  status: number;
  body: string;
}

export interface Scenario {
  name: string;
  start(): Promise<RunningServer>;
  request: BenchRequest;
  /** Why this answer is not a success; undefined when it is one. */
  problem(answer: Answer): string | undefined;
  /** Read the server's CPU by thread over the measured window: for a server of one process. */
  cpuByThread?: boolean;
}

/** The order both faces are asked for under load: a towing across Santiago. */
export const TRIP = {
  originLatitude: -33.4378,
  originLongitude: -70.6505,
  destinationLatitude: -33.495,
  destinationLongitude: -70.58,
  phoneNumber: '+56912345678',
  vehicleIdentification: 'AB12CD',
};

const MOVE_OPERATOR_MUTATION = `mutation($input: MoveOperatorInput!){ moveOperator(input:$input){ __typename
  ... on MoveOperatorSuccess { operator { id } } ... on Error { code } } }`;

// The ceiling and the two APIs are measured in turn over this many rounds, each row its median
// round: the machine's speed drifts within minutes, and a share taken of a ceiling measured
// once, minutes apart, drifted with it (docs/performance.md).
export const HEADLINE_ROUNDS = 3;
// The roster sizes compared: order creation with the large one must keep 90 % of its speed with the small one.
export const SMALL_ROSTER = 1_000;
export const LARGE_ROSTER = 1_000_000;
// The two roster sizes are compared over this many rounds, each pair measured one right after the
// other. Two 10 s windows a minute apart differ widely on these machines, and the median of three
// ratios was still thrown far off (docs/performance.md).
export const ROSTER_ROUNDS = 5;
export const rosterScenario = {
  small: `REST create order, ${SMALL_ROSTER.toLocaleString('en')} operators`,
  large: `REST create order, ${LARGE_ROSTER.toLocaleString('en')} operators`,
  moves: `GraphQL moveOperator, ${LARGE_ROSTER.toLocaleString('en')} operators`,
};

const CREATE_ORDER_MUTATION = `mutation($input: CreateOrderInput!){ createOrder(input:$input){ __typename
  ... on CreateOrderSuccess { order { id totalAmount paymentProviderReference } } ... on Error { code } } }`;

export const headline = {
  rest: 'REST create order',
  graphql: 'GraphQL createOrder',
  restBaseline: 'REST create order, baseline build',
  graphqlBaseline: 'GraphQL createOrder, baseline build',
};

/**
 * The servers measured, in order; the first one is the ceiling the others are compared with.
 * `baseline`: another build's directory, measured in the same rounds as the current one.
 */
export async function scenarios(baseline: string | null = null): Promise<Step[]> {
  const secret = randomBytes(32).toString('base64url');
  const headers = { authorization: `Bearer ${await signToken(secret)}`, 'content-type': 'application/json' };
  const operatorsHeaders = { ...headers, authorization: `Bearer ${await signToken(secret, 'operators:write')}` };
  const restRequest: BenchRequest = {
    method: 'POST',
    path: '/applications/orders',
    headers,
    body: JSON.stringify({ ...TRIP, serviceId: 1 }),
  };
  const graphqlRequest: BenchRequest = {
    method: 'POST',
    path: '/graphql',
    headers,
    body: JSON.stringify({ query: CREATE_ORDER_MUTATION, variables: { input: { ...TRIP, serviceCode: 'TOWING' } } }),
  };
  // Each update moves a random operator of the large roster to a random point of its area.
  const move = (id: string) =>
    JSON.stringify({ query: MOVE_OPERATOR_MUTATION, variables: { input: { id, ...rosterPosition() } } });
  const moveRequest: BenchRequest = {
    method: 'POST',
    path: '/graphql',
    headers: operatorsHeaders,
    body: move(operatorId(0)),
    nextBody: () => move(operatorId(Math.floor(Math.random() * LARGE_ROSTER))),
  };

  console.log(`importing the rosters of ${SMALL_ROSTER.toLocaleString('en')} and ${LARGE_ROSTER.toLocaleString('en')} operators…`);
  const small = await prepareRoster(SMALL_ROSTER);
  const large = await prepareRoster(LARGE_ROSTER);
  console.log(`imported in ${small.importSeconds.toFixed(1)} s and ${large.importSeconds.toFixed(1)} s\n`);
  // The service as it is deployed: production mode (graphql-js skips its development checks), with
  // its rate limit on but far above what one token sends here, and its metrics.
  const env = { NODE_ENV: 'production', AUTH_JWT_SECRET: secret, RATE_LIMIT_PER_MINUTE: '1000000000' };
  const baselines: Scenario[] = baseline
    ? [
        { name: headline.restBaseline, start: () => startService(env, undefined, baseline), request: restRequest, problem: unlessRestOrder, cpuByThread: true },
        { name: headline.graphqlBaseline, start: () => startService(env, undefined, baseline), request: graphqlRequest, problem: unlessCreateOrderSuccess, cpuByThread: true },
      ]
    : [];

  // With DATABASE_URL (a server the bench may create databases on): the service on PostgreSQL,
  // one process and one per core.
  const serverUrl = process.env.DATABASE_URL;
  const workers = cpus().length;
  const onPostgres: Scenario[] = serverUrl
    ? [
        { name: 'REST create order, PostgreSQL, 1 worker', start: () => startOnPostgres(serverUrl, env, 1), request: restRequest, problem: unlessRestOrder },
        { name: `REST create order, PostgreSQL, ${workers} workers`, start: () => startOnPostgres(serverUrl, env, workers), request: restRequest, problem: unlessRestOrder },
        { name: `GraphQL createOrder, PostgreSQL, ${workers} workers`, start: () => startOnPostgres(serverUrl, env, workers), request: graphqlRequest, problem: unlessCreateOrderSuccess },
      ]
    : [];

  return [
    {
      interleaved: [
        { name: CEILING, start: () => startServer({ args: ['bench/bare-server.mjs'] }), request: restRequest, problem: unlessOk, cpuByThread: true },
        { name: headline.rest, start: () => startService(env), request: restRequest, problem: unlessRestOrder, cpuByThread: true },
        { name: headline.graphql, start: () => startService(env), request: graphqlRequest, problem: unlessCreateOrderSuccess, cpuByThread: true },
        ...baselines,
      ],
      rounds: HEADLINE_ROUNDS,
    },
    {
      interleaved: [
        { name: rosterScenario.small, start: () => startService(env, small.dataDir), request: restRequest, problem: unlessRestOrder },
        { name: rosterScenario.large, start: () => startService(env, large.dataDir), request: restRequest, problem: unlessRestOrder },
      ],
      rounds: ROSTER_ROUNDS,
    },
    {
      name: rosterScenario.moves,
      start: () => startService(env, large.dataDir),
      request: moveRequest,
      problem: unlessTypename('moveOperator', 'MoveOperatorSuccess'),
    },
    ...onPostgres,
  ];
}

function signToken(secret: string, scope?: string): Promise<string> {
  return new SignJWT(scope ? { scope } : {})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('bench')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
}

function unlessOk({ status, body }: Answer): string | undefined {
  return status === 200 ? undefined : `status ${status}: ${body.slice(0, 300)}`;
}

function unlessRestOrder(answer: Answer): string | undefined {
  return unlessOk(answer) ?? (typeof parse(answer.body)?.id === 'number' ? undefined : `no order id in ${answer.body.slice(0, 300)}`);
}

function unlessCreateOrderSuccess(answer: Answer): string | undefined {
  return unlessTypename('createOrder', 'CreateOrderSuccess')(answer);
}

function unlessTypename(field: string, typename: string) {
  return (answer: Answer): string | undefined => {
    const found = parse(answer.body)?.data?.[field]?.__typename;
    return unlessOk(answer) ?? (found === typename ? undefined : `not ${typename}: ${answer.body.slice(0, 300)}`);
  };
}

interface AnswerShape {
  id?: unknown;
  data?: Record<string, { __typename?: string } | undefined>;
}

function parse(body: string): AnswerShape | undefined {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
