import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFastPost } from '../../src/graphql/fast-post.js';
import type { PlainRequest } from '../../src/http/plain.js';
import { createLogger } from '../../src/platform/logger.js';
import { CREATE_ORDER, ORDER } from '../support/operations.js';
import { pgliteThread } from '../support/engines.js';
import { BASE, NOWHERE, restBody, signTestToken, startTestService, type TestService } from '../support/service.js';

const { serviceId, ...trip } = restBody();
const input = (over: Record<string, unknown> = {}) => ({ ...trip, serviceCode: 'TOWING', ...over });
const mutation = (over: Record<string, unknown> = {}) => JSON.stringify({ query: CREATE_ORDER, variables: { input: input(over) } });

/** A JSON POST with these headers besides its content type. */
const postWith = (headers: Record<string, string | undefined>): PlainRequest => {
  const all: Record<string, string | undefined> = { 'content-type': 'application/json', ...headers };
  return { method: 'POST', header: (name) => all[name], text: async () => '' };
};

describe('which GraphQL POSTs are answered without yoga’s HTTP layer', () => {
  const RESULT = { data: { ok: true } };

  async function decide(headers: Record<string, string | undefined>, body: unknown) {
    const yoga = { getResultForParams: vi.fn(async () => RESULT) };
    const answer = await createFastPost(yoga, createLogger('silent'))(postWith(headers), body);
    return { answer, yoga };
  }
  const query = { query: '{ __typename }' };

  it.each([
    ['no Accept', {}, 'application/json; charset=utf-8'],
    ['Accept */*', { accept: '*/*' }, 'application/json; charset=utf-8'],
    ['Accept application/json', { accept: 'application/json' }, 'application/json; charset=utf-8'],
    ['Accept application/json; charset=utf-8', { accept: 'Application/JSON; charset=UTF-8' }, 'application/json; charset=utf-8'],
    ['Accept application/graphql-response+json', { accept: 'application/graphql-response+json' }, 'application/graphql-response+json; charset=utf-8'],
    ['Content-Type with a charset', { 'content-type': 'application/json; charset=utf-8' }, 'application/json; charset=utf-8'],
  ])('when a JSON operation comes with %s, then it is answered here, as yoga’s result processor answers it', async (_, headers, type) => {
    const { answer, yoga } = await decide(headers, { ...query, variables: null, operationName: null, extensions: {} });
    expect(yoga.getResultForParams).toHaveBeenCalledOnce();
    expect(answer).toEqual({ status: 200, headers: { 'content-type': type }, body: JSON.stringify(RESULT) });
  });

  it.each([
    ['an Origin (CORS headers are yoga’s)', { origin: 'https://app.example' }, query],
    ['a list of Accept types', { accept: 'application/json, text/plain' }, query],
    ['an Accept with a weight', { accept: 'application/json;q=0.9' }, query],
    ['an Accept of another charset', { accept: 'application/json; charset=latin1' }, query],
    ['an Accept yoga answers otherwise', { accept: 'text/event-stream' }, query],
    ['another Content-Type', { 'content-type': 'application/graphql+json' }, query],
    ['an upper-case Content-Type', { 'content-type': 'Application/JSON' }, query],
    ['a batch', {}, [query]],
    ['no query', {}, { variables: {} }],
    ['a query that is not a string', {}, { query: 42 }],
    ['variables that are not an object', {}, { ...query, variables: [1] }],
    ['extensions that are not an object', {}, { ...query, extensions: 'x' }],
    ['an operation name that is not a string', {}, { ...query, operationName: 7 }],
    ['an unknown parameter', {}, { ...query, other: 1 }],
    ['a body that is not an object', {}, 'text'],
  ])('when it comes with %s, then it is left to yoga untouched', async (_, headers, body) => {
    const { answer, yoga } = await decide(headers, body);
    expect(answer).toBeUndefined();
    expect(yoga.getResultForParams).not.toHaveBeenCalled();
  });

  it('when yoga’s operation stage throws, then the answer is a masked 500', async () => {
    const yoga = { getResultForParams: vi.fn(async () => Promise.reject(new Error('select * from secrets'))) };
    const answer = await createFastPost(yoga, createLogger('silent'))(postWith({}), query);
    expect(answer?.status).toBe(500);
    expect(answer?.body).toBe(JSON.stringify({ errors: [{ message: 'Unexpected error.' }] }));
  });
});

/**
 * The same request through yoga all the way (the fetch handler) and through the node listener,
 * where the usual POST skips yoga's HTTP layer: the answers must be the same.
 */
describe('answers without yoga’s HTTP layer are yoga’s answers', () => {
  let service: TestService;
  let server: Server;
  let base: string;

  async function listen(on: TestService) {
    const listener = createServer(on.app.handleNode);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    return { listener, base: `http://127.0.0.1:${(listener.address() as AddressInfo).port}` };
  }

  beforeAll(async () => {
    service = await startTestService();
    ({ listener: server, base } = await listen(service));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  });

  // What differs from one order to the next.
  const VOLATILE = new Set(['id', 'paymentProviderReference', 'createdAt', 'updatedAt']);
  const stable = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, v) => (VOLATILE.has(key) && v !== null ? '…' : v));

  async function seen(response: Response) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = stable(JSON.parse(text));
    } catch {}
    const header = (name: string) => response.headers.get(name);
    return {
      status: response.status,
      type: header('content-type'),
      headers: [header('www-authenticate'), header('retry-after'), header('allow'), header('access-control-allow-origin')],
      body,
    };
  }

  async function bothWays(headers: Record<string, string>, body: string, on = { service, base }) {
    const init = () => ({ method: 'POST', headers: { ...headers }, body });
    const yoga = await seen(await on.service.app.fetch(`${BASE}/graphql`, init()));
    const node = await seen(await fetch(`${on.base}/graphql`, init()));
    return { yoga, node };
  }

  const json = { 'content-type': 'application/json' };
  const authorized = async (claims: Record<string, unknown> = {}) => ({
    ...json,
    authorization: `Bearer ${await signTestToken(claims)}`,
  });

  it.each([
    ['no Accept', {}],
    ['Accept application/json', { accept: 'application/json' }],
    ['Accept application/graphql-response+json', { accept: 'application/graphql-response+json' }],
    ['an Origin', { origin: 'https://app.example' }],
  ])('when an order is created with %s, then both answer alike', async (_, extra) => {
    const { yoga, node } = await bothWays({ ...(await authorized()), ...extra }, mutation());
    expect(node).toEqual(yoga);
    expect(node.body).toMatchObject({ data: { createOrder: { __typename: 'CreateOrderSuccess' } } });
  });

  const cases: [string, () => Promise<Record<string, string>>, string][] = [
    ['no token', async () => json, mutation()],
    ['a token signed with another secret', async () => ({ ...json, authorization: `Bearer ${await signTestToken({}, 'another-secret-of-at-least-thirty-two-bytes')}` }), mutation()],
    ['no operator near the origin', authorized, mutation({ originLatitude: NOWHERE.latitude, originLongitude: NOWHERE.longitude })],
    ['invalid input', authorized, mutation({ phoneNumber: '12' })],
    ['a syntax error', authorized, JSON.stringify({ query: 'mutation {' })],
    ['an unknown field', authorized, JSON.stringify({ query: '{ nothing }' })],
    ['a variable of the wrong type', authorized, JSON.stringify({ query: CREATE_ORDER, variables: { input: 5 } })],
    ['a missing variable', authorized, JSON.stringify({ query: CREATE_ORDER })],
    ['an operation name that is not in the document', authorized, JSON.stringify({ query: CREATE_ORDER, operationName: 'Other', variables: { input: input() } })],
    ['two operations and no name', authorized, JSON.stringify({ query: `${CREATE_ORDER} query Q { __typename }`, variables: { input: input() } })],
    ['an order of another caller', async () => authorized({ sub: 'someone-else' }), JSON.stringify({ query: ORDER, variables: { id: '1' } })],
    ['an unknown parameter', authorized, JSON.stringify({ query: '{ __typename }', other: 1 })],
  ];
  it.each(cases)('when a request comes with %s, then both answer alike', async (_, headers, body) => {
    const { yoga, node } = await bothWays(await headers(), body);
    expect(node).toEqual(yoga);
  });

  it('when an Idempotency-Key is reused with other variables, then both refuse it alike', async () => {
    const key = randomUUID();
    const headers = { ...(await authorized()), 'idempotency-key': key };
    await service.app.fetch(`${BASE}/graphql`, { method: 'POST', headers: { ...headers }, body: mutation() });
    const { yoga, node } = await bothWays(headers, mutation({ serviceCode: 'TYRE_CHANGE' }));
    expect(node).toEqual(yoga);
    expect(node.status).toBe(422);
  });

  it('when the store fails unexpectedly, then both mask it alike', async () => {
    const broken = await startTestService();
    await broken.sql.exec('drop table orders cascade');
    const { listener, base: brokenBase } = await listen(broken);
    const { yoga, node } = await bothWays(await authorized(), mutation(), { service: broken, base: brokenBase });
    await new Promise((resolve) => listener.close(resolve));
    await broken.close();
    expect(node).toEqual(yoga);
    expect(JSON.stringify(node.body)).toContain('Unexpected error.');
  });

  it('when the store has stopped, then both answer 503 with Retry-After alike', async () => {
    const stopped = await startTestService({ engine: pgliteThread });
    const { listener, base: stoppedBase } = await listen(stopped);
    await stopped.sql.close();
    const { yoga, node } = await bothWays(await authorized(), mutation(), { service: stopped, base: stoppedBase });
    await new Promise((resolve) => listener.close(resolve));
    expect(node).toEqual(yoga);
    expect([node.status, node.headers[1]]).toEqual([503, '1']);
  });
});
