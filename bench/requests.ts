import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { LARGE_ROSTER, operatorId, rosterPosition } from './roster.js';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
  /** A body for each request sent under load, when they must differ; `body` is the check request's. */
  nextBody?: () => string;
}

export interface Answer {
  status: number;
  body: string;
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

const CREATE_ORDER_MUTATION = `mutation($input: CreateOrderInput!){ createOrder(input:$input){ __typename
  ... on CreateOrderSuccess { order { id totalAmount paymentProviderReference } } ... on Error { code } } }`;

const MOVE_OPERATOR_MUTATION = `mutation($input: MoveOperatorInput!){ moveOperator(input:$input){ __typename
  ... on MoveOperatorSuccess { operator { id } } ... on Error { code } } }`;

export interface OrderLoad {
  /** The service's settings as deployed, with the secret the requests' tokens are signed with. */
  env: Record<string, string>;
  rest: BenchRequest;
  graphql: BenchRequest;
  /** The same createOrder named by its id, to a service that trusts a manifest holding it. */
  graphqlById: BenchRequest;
  /** `env` with that manifest, documents by id only (production's default with one). */
  trustedEnv: Record<string, string>;
  /** Each update moves a random operator of the large roster to a random point of its area. */
  move: BenchRequest;
}

/** The requests of a run, their tokens signed with a secret of its own. */
export async function orderLoad(): Promise<OrderLoad> {
  const secret = randomBytes(32).toString('base64url');
  const headers = { authorization: `Bearer ${await signToken(secret)}`, 'content-type': 'application/json' };
  const operatorsHeaders = Object.assign({}, headers, { authorization: `Bearer ${await signToken(secret, 'operators:write')}` });
  const move = (id: string) =>
    JSON.stringify({ query: MOVE_OPERATOR_MUTATION, variables: { input: Object.assign({ id }, rosterPosition()) } });
  // Production mode, as deployed (no GraphiQL, introspection or suggestions), with the rate
  // limit on but far above what one token sends here, and the metrics.
  const env = { NODE_ENV: 'production', AUTH_JWT_SECRET: secret, RATE_LIMIT_PER_MINUTE: '1000000000' };
  const input = Object.assign({ serviceCode: 'TOWING' }, TRIP);
  const trusted = trustedManifest([CREATE_ORDER_MUTATION]);
  return {
    env,
    trustedEnv: Object.assign({}, env, { GRAPHQL_TRUSTED_DOCUMENTS: trusted.path }),
    graphqlById: {
      method: 'POST',
      path: '/graphql',
      headers,
      body: JSON.stringify({ documentId: `sha256:${trusted.ids[0]}`, variables: { input } }),
    },
    rest: { method: 'POST', path: '/applications/orders', headers, body: JSON.stringify(Object.assign({ serviceId: 1 }, TRIP)) },
    graphql: {
      method: 'POST',
      path: '/graphql',
      headers,
      body: JSON.stringify({ query: CREATE_ORDER_MUTATION, variables: { input } }),
    },
    move: {
      method: 'POST',
      path: '/graphql',
      headers: operatorsHeaders,
      body: move(operatorId(0)),
      nextBody: () => move(operatorId(Math.floor(Math.random() * LARGE_ROSTER))),
    },
  };
}

/** A trusted documents manifest of `documents`, as the client preset writes one, in a directory of its own. */
function trustedManifest(documents: string[]): { path: string; ids: string[] } {
  const ids = documents.map((text) => createHash('sha256').update(text).digest('hex'));
  const dir = mkdtempSync(join(tmpdir(), 'bench-manifest-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'persisted-documents.json');
  writeFileSync(path, JSON.stringify(Object.fromEntries(ids.map((id, i) => [`sha256:${id}`, documents[i]]))));
  return { path, ids };
}

export interface TokenFor {
  subject?: string;
  /** More claims, e.g. `operator_id`. */
  claims?: Record<string, string>;
}

/** A token signed with the run's secret, as the bench's clients send them: `sub` bench unless told. */
export function signToken(secret: string, scope?: string, { subject = 'bench', claims = {} }: TokenFor = {}): Promise<string> {
  return new SignJWT(Object.assign(scope ? { scope } : {}, claims))
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(secret));
}

export function unlessOk({ status, body }: Answer): string | undefined {
  return status === 200 ? undefined : `status ${status}: ${body.slice(0, 300)}`;
}

export function unlessRestOrder(answer: Answer): string | undefined {
  return unlessOk(answer) ?? (typeof parse(answer.body)?.id === 'number' ? undefined : `no order id in ${answer.body.slice(0, 300)}`);
}

export function unlessCreateOrderSuccess(answer: Answer): string | undefined {
  return unlessTypename('createOrder', 'CreateOrderSuccess')(answer);
}

export function unlessTypename(field: string, typename: string) {
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
