import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { startServer, type RunningServer } from './child-server.js';
import { startService } from './service.js';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

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
}

const TRIP = {
  originLatitude: -33.4378,
  originLongitude: -70.6505,
  destinationLatitude: -33.495,
  destinationLongitude: -70.58,
  phoneNumber: '+56912345678',
  vehicleIdentification: 'AB12CD',
};

const CREATE_ORDER_MUTATION = `mutation($input: CreateOrderInput!){ createOrder(input:$input){ __typename
  ... on CreateOrderSuccess { order { id totalAmount paymentProviderReference } } ... on Error { code } } }`;

/** The servers measured, in order; the first one is the ceiling the others are compared with. */
export async function scenarios(): Promise<Scenario[]> {
  const secret = randomBytes(32).toString('base64url');
  const headers = { authorization: `Bearer ${await signToken(secret)}`, 'content-type': 'application/json' };
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
  return [
    {
      name: 'bare node:http',
      start: () => startServer({ args: ['bench/bare-server.mjs'] }),
      request: restRequest,
      problem: unlessOk,
    },
    {
      name: 'REST create order',
      start: () => startService({ AUTH_JWT_SECRET: secret }),
      request: restRequest,
      problem: unlessRestOrder,
    },
    {
      name: 'GraphQL createOrder',
      start: () => startService({ AUTH_JWT_SECRET: secret }),
      request: graphqlRequest,
      problem: unlessCreateOrderSuccess,
    },
  ];
}

function signToken(secret: string): Promise<string> {
  return new SignJWT({})
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
  const typename = parse(answer.body)?.data?.createOrder?.__typename;
  return unlessOk(answer) ?? (typename === 'CreateOrderSuccess' ? undefined : `not CreateOrderSuccess: ${answer.body.slice(0, 300)}`);
}

interface AnswerShape {
  id?: unknown;
  data?: { createOrder?: { __typename?: string } };
}

function parse(body: string): AnswerShape | undefined {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
