import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { startServer, type RunningServer } from './child-server.js';
import { sendOnce } from './load.js';
import type { Measurement } from './measurement.js';
import { installPeers, startHiveGateway } from './peers.js';
import { TRIP } from './requests.js';
import type { Answer, BenchRequest } from './requests.js';
import type { Interleaved, Scenario } from './scenarios.js';
import { startService } from './service.js';
import type { Target } from './targets.js';

// The gateway section: the service in gateway mode in front of a fast legacy stand-in, against
// Hive Gateway in front of the same stand-in, its OpenAPI source being this service's REST
// document. Measured in turn, in the same run, so that the ratios hold whatever the machine's drift.
export const GATEWAY_ROUNDS = 3;
const PAYMENT_FIELD = 'mercadoPagoReference';
// What the service's gateway must do against Hive Gateway's, for createOrder.
const TIMES_HIVE = 4;

export const gatewayScenario = {
  rest: 'gateway: REST create order',
  graphql: 'gateway: GraphQL createOrder',
  hive: 'Hive Gateway: createOrder (OpenAPI source)',
};

// The stand-in answers its 400 "no operator" at latitude 0.
const NOWHERE = { originLatitude: 0, originLongitude: -70.6505, destinationLatitude: 0, destinationLongitude: -70.6505 };

// The same selection through both: the order's id, amount and payment link, or an error's code.
const OURS = `mutation($input: CreateOrderInput!){ createOrder(input:$input){ __typename
  ... on CreateOrderSuccess { order { id totalAmount paymentProviderReference } } ... on Error { code } } }`;
// Hive's schema from the document: a union member per HTTP status, the service code as an enum `_1`…
const HIVES = `mutation($input: CreateOrderRequest_Input){ createOrder(input:$input){ __typename
  ... on Order { id totalAmount paymentProviderReference } ... on BadRequestError { code } } }`;

let standIn: Promise<RunningServer> | undefined;
/** The legacy stand-in, one for the whole section, started on first use and ended with the bench. */
const legacyStandIn = () =>
  (standIn ??= startServer({ args: ['bench/legacy-stand-in.mjs'], env: { PAYMENT_FIELD }, readyPath: '/' }));

/** Ends the stand-in once the section is measured: its output pipes would keep the bench from exiting. */
export async function stopLegacyStandIn() {
  const running = standIn;
  standIn = undefined;
  await (await running)?.stop();
}

const typename = (answer: Answer): string | undefined => {
  try {
    return JSON.parse(answer.body)?.data?.createOrder?.__typename;
  } catch {
    return undefined;
  }
};
const unless = (expected: string) => (answer: Answer) =>
  answer.status === 200 && typename(answer) === expected ? undefined : `not ${expected}: ${answer.status} ${answer.body.slice(0, 300)}`;

/** The token and the settings both of the service's gateways take: production mode, a secret of the run's. */
async function credentials() {
  const secret = randomBytes(32).toString('base64url');
  const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('bench').setIssuedAt()
    .setExpirationTime('2h').sign(new TextEncoder().encode(secret));
  return {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    // As the headline runs it: its rate limit on, far above what one token sends here.
    env: { NODE_ENV: 'production', AUTH_JWT_SECRET: secret, RATE_LIMIT_PER_MINUTE: '1000000000' },
  };
}
let run: ReturnType<typeof credentials> | undefined;

/** The section's scenarios, measured in turn. */
export async function gatewaySection(): Promise<Interleaved> {
  await installPeers();
  const { headers, env } = await (run ??= credentials());
  const graphql = (query: string, input: object): BenchRequest => ({ method: 'POST', path: '/graphql', headers, body: JSON.stringify({ query, variables: { input } }) });
  const gatewayEnv = async () => Object.assign({ ORDERS_UPSTREAM_URL: (await legacyStandIn()).url, PAYMENT_REFERENCE_LEGACY_FIELD: PAYMENT_FIELD }, env);
  const ours = async () => startService(await gatewayEnv());
  const hive = async () => startHiveGateway((await legacyStandIn()).url, PAYMENT_FIELD);

  const scenarios: Scenario[] = [
    {
      name: gatewayScenario.rest,
      start: ours,
      request: { method: 'POST', path: '/applications/orders', headers, body: JSON.stringify(Object.assign({ serviceId: 1 }, TRIP)) },
      problem: (a) => (a.status === 200 && /"id":\d+/.test(a.body) ? undefined : `no order: ${a.status} ${a.body.slice(0, 300)}`),
    },
    { name: gatewayScenario.graphql, start: ours, request: graphql(OURS, Object.assign({ serviceCode: 'TOWING' }, TRIP)), problem: unless('CreateOrderSuccess') },
    { name: gatewayScenario.hive, start: hive, request: graphql(HIVES, Object.assign({ serviceId: '_1' }, TRIP)), problem: unless('Order') },
  ];
  return { interleaved: scenarios, rounds: GATEWAY_ROUNDS };
}

/**
 * The type each gateway gives the legacy's "no operator" 400, asked once of each: the service's
 * own union member, against what Hive Gateway makes of the document's error responses.
 */
export async function noOperatorTypes() {
  const { headers, env } = await (run ??= credentials());
  const url = (await legacyStandIn()).url;
  const ask = async (server: RunningServer, query: string, input: object) => {
    try {
      return typename(await sendOnce(server.url, { method: 'POST', path: '/graphql', headers, body: JSON.stringify({ query, variables: { input } }) }));
    } finally {
      await server.stop();
    }
  };
  const ours = await ask(
    await startService(Object.assign({ ORDERS_UPSTREAM_URL: url, PAYMENT_REFERENCE_LEGACY_FIELD: PAYMENT_FIELD }, env)),
    OURS,
    Object.assign({ serviceCode: 'TOWING' }, TRIP, NOWHERE),
  );
  const hives = await ask(await startHiveGateway(url, PAYMENT_FIELD), HIVES, Object.assign({ serviceId: '_1' }, TRIP, NOWHERE));
  return { ours: ours ?? '(none)', hive: hives ?? '(none)' };
}

export interface GatewayFigures {
  /** The req/s of the service's gateway over Hive Gateway's, for createOrder, of their median rounds. */
  graphqlTimesHive: number;
  restTimesHive: number;
  graphqlP99Ms: number;
  hiveP99Ms: number;
  noOperator: { ours: string; hive: string };
}

export function gatewayFigures(measurements: Measurement[], noOperator: GatewayFigures['noOperator']): GatewayFigures | undefined {
  const find = (name: string) => measurements.find((m) => m.scenario === name);
  const [rest, graphql, hive] = [find(gatewayScenario.rest), find(gatewayScenario.graphql), find(gatewayScenario.hive)];
  if (!rest || !graphql || !hive) return undefined;
  const ratio = (m: Measurement) => Math.round((m.okPerSecond / hive.okPerSecond) * 100) / 100;
  return { graphqlTimesHive: ratio(graphql), restTimesHive: ratio(rest), graphqlP99Ms: graphql.p99Ms, hiveP99Ms: hive.p99Ms, noOperator };
}

export function printGatewayFigures(f: GatewayFigures) {
  console.log(`\ngateway mode against Hive Gateway, same legacy stand-in:`);
  console.log(`  createOrder: ${f.graphqlTimesHive}× Hive Gateway's req/s, p99 ${f.graphqlP99Ms} ms against ${f.hiveP99Ms} ms`);
  console.log(`  REST create order: ${f.restTimesHive}× Hive Gateway's createOrder req/s`);
  console.log(`  the legacy's "no operator" 400 as GraphQL: ${f.noOperator.ours} here, ${f.noOperator.hive} in Hive Gateway`);
}

export function gatewayTargets(f: GatewayFigures): Target[] {
  return [
    { what: `gateway createOrder: at least ${TIMES_HIVE}× Hive Gateway's req/s`, measured: `${f.graphqlTimesHive}×`, met: f.graphqlTimesHive >= TIMES_HIVE },
    { what: "gateway createOrder: p99 under Hive Gateway's", measured: `${f.graphqlP99Ms} ms against ${f.hiveP99Ms} ms`, met: f.graphqlP99Ms < f.hiveP99Ms },
    {
      what: "gateway createOrder: the legacy's no-operator 400 as the typed union member",
      measured: `${f.noOperator.ours} (Hive Gateway: ${f.noOperator.hive})`,
      met: f.noOperator.ours === 'NoOperatorAvailableError',
    },
  ];
}
