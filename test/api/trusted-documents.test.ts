import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient as createSseClient, type RequestParams } from 'graphql-sse';
import { createClient as createWsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER, CREATE_ORDER } from '../support/operations.js';
import { orderInput, startTestService, type TestService } from '../support/service.js';

// A service with the repository's manifest (`npm run codegen` writes it): in production it runs
// documents by id only, on every path /graphql serves; in development, by id or as text.
const MANIFEST = fileURLToPath(new URL('../../examples/gql/persisted-documents.json', import.meta.url));
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, string>;
/** The id (hex) of the manifest's document with that operation (its fragments come first). */
function idOf(start: string): string {
  const found = Object.entries(manifest).find(([, text]) => text.startsWith(start) || text.includes(` } ${start}`));
  if (!found) throw new Error(`no document ${start} in the manifest`);
  return found[0].replace(/^sha256:/, '');
}
const CREATE = idOf('mutation CreateOrder(');
const READ = idOf('query Order(');
const FOLLOW = idOf('subscription TrackerOrderUpdated(');
const FOLLOW_TEXT = manifest[`sha256:${FOLLOW}`]!;
const UNKNOWN = 'f'.repeat(64);
const RESPONSE_TYPE = 'application/graphql-response+json';

let prod: TestService;
let dev: TestService;
beforeAll(async () => {
  [prod, dev] = await Promise.all([
    // Listening: POSTs take the fast paths (fast-post.ts, fast-stream.ts), and WebSockets come in.
    startTestService({ listen: true, env: { NODE_ENV: 'production', GRAPHQL_TRUSTED_DOCUMENTS: MANIFEST } }),
    startTestService({ env: { GRAPHQL_TRUSTED_DOCUMENTS: MANIFEST } }),
  ]);
}, 120_000);
afterAll(() => Promise.all([prod?.close(), dev?.close()]));

/** A POST of `body` to /graphql; `accept` other than one type sends it through yoga's own HTTP layer. */
const post = (service: TestService, body: object, accept = RESPONSE_TYPE) =>
  service.call('/graphql', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', accept } });
const get = (service: TestService, params: Record<string, object | string>) => {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return service.call(`/graphql?${search}`, { headers: { accept: RESPONSE_TYPE } });
};
const YOGA_ACCEPT = `${RESPONSE_TYPE}, application/json;q=0.9`;

async function newOrderId(service: TestService): Promise<string> {
  const { status, body } = await post(service, { documentId: `sha256:${CREATE}`, variables: { input: orderInput() } });
  expect([status, body.data?.createOrder?.__typename], JSON.stringify(body)).toEqual([200, 'CreateOrderSuccess']);
  return body.data.createOrder.order.id as string;
}

function expectRefused(answer: { status: number; headers: Headers; body: any }, code: string) {
  expect([answer.status, answer.body?.errors?.[0]?.extensions?.code], JSON.stringify(answer.body)).toEqual([400, code]);
  expect(answer.headers.get('content-type')).toContain(RESPONSE_TYPE);
  expect(answer.body.data).toBeUndefined();
}

describe('with a manifest, in production', () => {
  it('when a mutation is POSTed by documentId (with or without sha256:), then it runs, on the fast path and through yoga', async () => {
    for (const [documentId, accept] of [
      [`sha256:${CREATE}`, RESPONSE_TYPE],
      [CREATE, RESPONSE_TYPE],
      [`sha256:${CREATE}`, YOGA_ACCEPT],
    ]) {
      const { status, body } = await post(prod, { documentId, variables: { input: orderInput() } }, accept);
      expect([status, body.data?.createOrder?.__typename], JSON.stringify(body)).toEqual([200, 'CreateOrderSuccess']);
    }
  });

  it('when a query is sent by id with GET, then it runs', async () => {
    const id = await newOrderId(prod);
    const { status, body } = await get(prod, { documentId: `sha256:${READ}`, variables: { id } });
    expect([status, body.data?.order?.id], JSON.stringify(body)).toEqual([200, id]);
  });

  it('when a query names its document by extensions.persistedQuery (APQ), by POST and GET, then it runs', async () => {
    const id = await newOrderId(prod);
    const extensions = { persistedQuery: { version: 1, sha256Hash: READ } };
    const posted = await post(prod, { extensions, variables: { id } });
    const got = await get(prod, { extensions, variables: { id } });
    expect([posted.status, posted.body.data?.order?.id]).toEqual([200, id]);
    expect([got.status, got.body.data?.order?.id]).toEqual([200, id]);
  });

  it('when the same document runs again and again by id (compiled from its second run), then each answer is the same', async () => {
    const id = await newOrderId(prod);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post(prod, { documentId: READ, variables: { id } })).body);
    expect(answers[0].data.order.id).toBe(id);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('when a document comes as text, by POST (either path) or GET, then PERSISTED_QUERY_ONLY, 400, and nothing runs', async () => {
    const before = await prod.countOrders();
    expectRefused(await post(prod, { query: CREATE_ORDER, variables: { input: orderInput() } }), 'PERSISTED_QUERY_ONLY');
    expectRefused(await post(prod, { query: CREATE_ORDER, variables: { input: orderInput() } }, YOGA_ACCEPT), 'PERSISTED_QUERY_ONLY');
    expectRefused(await get(prod, { query: ORDER, variables: { id: '1' } }), 'PERSISTED_QUERY_ONLY');
    expectRefused(await post(prod, { query: '{ __typename }' }), 'PERSISTED_QUERY_ONLY');
    // The text of a document of the manifest is refused too: only ids are taken.
    expectRefused(await post(prod, { query: manifest[`sha256:${READ}`], variables: { id: '1' } }), 'PERSISTED_QUERY_ONLY');
    expect(await prod.countOrders()).toBe(before);
  });

  it('when an id is not in the manifest (documentId or APQ, POST or GET), then PERSISTED_QUERY_NOT_IN_LIST', async () => {
    expectRefused(await post(prod, { documentId: `sha256:${UNKNOWN}` }), 'PERSISTED_QUERY_NOT_IN_LIST');
    expectRefused(await post(prod, { documentId: 'not-an-id' }, YOGA_ACCEPT), 'PERSISTED_QUERY_NOT_IN_LIST');
    expectRefused(await get(prod, { documentId: UNKNOWN }), 'PERSISTED_QUERY_NOT_IN_LIST');
    expectRefused(await post(prod, { extensions: { persistedQuery: { version: 1, sha256Hash: UNKNOWN } } }), 'PERSISTED_QUERY_NOT_IN_LIST');
    expectRefused(await get(prod, { extensions: { persistedQuery: { version: 1, sha256Hash: UNKNOWN } } }), 'PERSISTED_QUERY_NOT_IN_LIST');
  });
});

describe('with a manifest, in development', () => {
  it('when a document comes as text or by id, then both run', async () => {
    const byText = await dev.gql(CREATE_ORDER, { input: orderInput() });
    const byId = await post(dev, { documentId: CREATE, variables: { input: orderInput() } });
    expect(byText.body.data?.createOrder?.__typename, JSON.stringify(byText.body)).toBe('CreateOrderSuccess');
    expect(byId.body.data?.createOrder?.__typename, JSON.stringify(byId.body)).toBe('CreateOrderSuccess');
    expectRefused(await post(dev, { documentId: UNKNOWN }), 'PERSISTED_QUERY_NOT_IN_LIST');
  });
});

/** What a subscription gave first: its data's order id, or the code of its refusal. */
type First = { id: string } | { code: string };
const firstOf = (data: any, errors: any): First =>
  errors ? { code: String(errors[0]?.extensions?.code ?? errors[0]?.message) } : { id: data.orderUpdated.id };

function firstOverSse(singleConnection: boolean, payload: object): Promise<First> {
  const client = createSseClient({
    url: `${prod.base}/graphql`,
    headers: { authorization: `Bearer ${prod.token}` },
    retryAttempts: 0,
    singleConnection,
  });
  return new Promise<First>((resolve) => {
    const stop = client.subscribe(payload as RequestParams, {
      next: ({ data, errors }) => resolve(firstOf(data, errors)),
      error: (error) => resolve(firstOf(undefined, Array.isArray(error) ? error : (error as any)?.errors ?? [{ message: String(error) }])),
      complete: () => {},
    });
  }).finally(() => client.dispose());
}

function firstOverWs(payload: object): Promise<First> {
  const client = createWsClient({
    url: `${prod.base!.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${prod.token}` },
    retryAttempts: 0,
  });
  return new Promise<First>((resolve) => {
    client.subscribe(payload as never, {
      next: ({ data, errors }) => resolve(firstOf(data, errors)),
      error: (error) => resolve(firstOf(undefined, Array.isArray(error) ? error : [{ message: String(error) }])),
      complete: () => {},
    });
  }).finally(() => client.dispose());
}

/**
 * The code of an event stream's refusal, answered before any stream with 400 and GraphQL's
 * errors: as JSON, or (to a request for a stream of distinct connections mode) as its one event.
 */
async function refusedStream(answer: Response): Promise<string> {
  const text = await answer.text();
  const json = answer.headers.get('content-type')?.startsWith('text/event-stream') ? /^data: (.*)$/m.exec(text)?.[1] : text;
  const body = JSON.parse(json ?? 'null') as { errors: { extensions: { code: string } }[] };
  expect(answer.status).toBe(400);
  return body.errors[0]!.extensions.code;
}
const bearer = () => ({ authorization: `Bearer ${prod.token}` });

/** A subscription of GraphQL over SSE's distinct connections mode, as graphql-sse's client sends it. */
const refusedOverSse = (payload: object) =>
  fetch(`${prod.base}/graphql`, {
    method: 'POST',
    headers: { ...bearer(), 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(payload),
  }).then(refusedStream);

/** An operation sent to a stream reserved in the single connection mode. */
async function refusedOverReservedStream(payload: object): Promise<string> {
  const reserved = await fetch(`${prod.base}/graphql`, { method: 'PUT', headers: bearer() });
  const token = await reserved.text();
  return refusedStream(
    await fetch(`${prod.base}/graphql`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json', 'x-graphql-event-stream-token': token },
      body: JSON.stringify({ ...payload, extensions: { operationId: '1' } }),
    }),
  );
}

const refusedOverWs = async (payload: object) => {
  const first = await firstOverWs({ query: '', ...payload });
  return 'code' in first ? first.code : 'not refused';
};

describe.each([
  ['GraphQL over SSE, distinct connections', (payload: object) => firstOverSse(false, payload), refusedOverSse],
  ['GraphQL over SSE, single connection', (payload: object) => firstOverSse(true, payload), refusedOverReservedStream],
  ['GraphQL over WebSocket', (payload: object) => firstOverWs({ query: '', ...payload }), refusedOverWs],
])('orderUpdated over %s, in production', (_, first, refused) => {
  it('when the subscription is named by documentId or APQ, then the order comes first', async () => {
    const id = await newOrderId(prod);
    expect(await first({ documentId: `sha256:${FOLLOW}`, variables: { id } })).toEqual({ id });
    expect(await first({ extensions: { persistedQuery: { version: 1, sha256Hash: FOLLOW } }, variables: { id } })).toEqual({ id });
  });

  it('when it comes as text, then PERSISTED_QUERY_ONLY; when its id is unknown, PERSISTED_QUERY_NOT_IN_LIST', async () => {
    const id = await newOrderId(prod);
    expect(await refused({ query: FOLLOW_TEXT, variables: { id } })).toBe('PERSISTED_QUERY_ONLY');
    expect(await refused({ documentId: UNKNOWN, variables: { id } })).toBe('PERSISTED_QUERY_NOT_IN_LIST');
  });
});
