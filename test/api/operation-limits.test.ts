import { executeCodegen } from '@graphql-codegen/cli';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/graphql/operation-limits.js';
import { GRAPHIQL_ACCEPT, GRAPHIQL_INTROSPECTION } from '../support/introspection-queries.js';
import { BASE, restBody, startTestService, type TestService } from '../support/service.js';

const { serviceId, ...trip } = restBody();
const input = JSON.stringify({ ...trip, serviceCode: 'TOWING' }).replace(/"(\w+)":/g, '$1:').replace('"TOWING"', 'TOWING');
const createOrder = (alias: string) => `${alias}: createOrder(input: ${input}) { __typename }`;

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ env: { MAX_BODY_BYTES: '1048576' } });
});
afterAll(() => service.close());

const post = (query: string, headers: Record<string, string> = {}, operationName?: string) =>
  service.call('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, operationName }),
  });

const get = (query: string, headers: Record<string, string> = {}, operationName?: string) =>
  service.call(`/graphql?${new URLSearchParams(operationName ? { query, operationName } : { query })}`, {
    headers: { accept: 'application/json', ...headers },
  });

describe('one createOrder per request', () => {
  it.each([[3, 'ONE_ORDER_PER_REQUEST'], [400, 'OPERATION_LIMIT_EXCEEDED']])(
    'when a request holds %i aliased createOrder fields, then it is refused whole with %s and nothing is created',
    async (count, code) => {
      const before = await service.countOrders();
      const aliases = Array.from({ length: count }, (_, i) => createOrder(`o${i}`)).join('\n');
      const response = await post(`mutation { ${aliases} }`, { 'idempotency-key': `many-orders-${count}` });
      expect(response.status).toBe(400);
      expect(response.body.data).toBeUndefined();
      expect(response.body.errors.map((e: any) => e.extensions.code)).toContain(code);
      expect(await service.countOrders()).toBe(before);
    },
  );

  it('when two createOrder fields hide in fragments, then the request is refused', async () => {
    const before = await service.countOrders();
    const query = `mutation { ...A ... on Mutation { ${createOrder('b')} } }
      fragment A on Mutation { ${createOrder('a')} }`;
    const response = await post(query);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'ONE_ORDER_PER_REQUEST' }) })]);
    expect(await service.countOrders()).toBe(before);
  });

  it('when a request holds one createOrder, then it is made', async () => {
    const response = await post(`mutation { ${createOrder('only')} }`);
    expect(response.body.data.only.__typename).toBe('CreateOrderSuccess');
  });
});

describe('operation limits', () => {
  // This schema has no deep path: selections past its depth are also unknown fields, refused too.
  const deep = `query { order(id: "1") ${'{ partner '.repeat(LIMITS.depth + 1)}{ id }${' }'.repeat(LIMITS.depth + 1)} }`;

  it.each([
    ['deeper than allowed', deep],
    ['more aliases than allowed', `query { ${Array.from({ length: LIMITS.aliases + 1 }, (_, i) => `a${i}: order(id: "1") { id }`).join(' ')} }`],
    ['more tokens than allowed', `query { ${'a '.repeat(LIMITS.tokens)} }`],
    ['more directives than allowed', `query { __typename ${'@include(if: true) '.repeat(LIMITS.directives + 1)} }`],
  ])('when an operation is %s, then it is refused with OPERATION_LIMIT_EXCEEDED', async (_, query) => {
    const response = await post(query);
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: any) => e.extensions?.code)).toContain('OPERATION_LIMIT_EXCEEDED');
  });

  it.each([
    ['deeper than both depth bounds', `query { order(id: "1") ${'{ partner '.repeat(LIMITS.introspectionDepth + 1)}{ id }${' }'.repeat(LIMITS.introspectionDepth + 1)} }`, 'depth', LIMITS.depth],
    ['costlier than both cost bounds', 'query { orders(first: 2147483647) { edges { node { id } } } }', 'cost', LIMITS.cost],
  ])("when an operation is %s, then it is told of that limit once, with the operation's bound", async (_, query, limit, bound) => {
    const response = await post(query);
    const told = response.body.errors.filter((e: any) => e.extensions?.code === 'OPERATION_LIMIT_EXCEEDED' && e.message.toLowerCase().includes(`${limit} limit`));
    expect([response.status, told.length], JSON.stringify(response.body.errors)).toEqual([400, 1]);
    expect(told[0].message).toContain(`limit of ${bound} exceeded`);
  });
});

// Through the listener, a POST with no Accept list is answered by the fast path, GraphiQL's (with
// one) and every GET by yoga: the limits hold on each.
describe('operation limits on introspection', () => {
  // 30 levels as the limits count them: __schema, types, fields, type, 25 ofType, name.
  const deep = `query { __schema { types { fields { type { ${'ofType { '.repeat(25)}name${' }'.repeat(25)} } } } } }`;
  const typenames = `query { ${Array.from({ length: 500 }, (_, i) => `t${i}: __typename`).join(' ')} }`;

  describe.each([['POST', post], ['GET', get]])('by %s', (_, send) => {
    it.each([
      ['goes 30 levels deep through __schema', deep],
      ['asks __typename under 500 aliases', typenames],
      ['asks __type deeper than an operation may go', `query { __type(name: "Order") ${'{ ofType '.repeat(LIMITS.depth)}{ name }${' }'.repeat(LIMITS.depth)} }`],
    ])('when a query %s, then it is refused with OPERATION_LIMIT_EXCEEDED', async (_, query) => {
      const response = await send(query);
      expect(response.status).toBe(400);
      expect(response.body.data).toBeUndefined();
      expect(response.body.errors.map((e: any) => e.extensions?.code)).toContain('OPERATION_LIMIT_EXCEEDED');
    });

    it('when GraphiQL asks for the whole schema with its own query, then it is answered', async () => {
      const response = await send(GRAPHIQL_INTROSPECTION.query, { accept: GRAPHIQL_ACCEPT }, GRAPHIQL_INTROSPECTION.operationName);
      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.__schema.types.map((t: any) => t.name)).toContain('CreateOrderResult');
    });
  });

  it('when a tool asks two levels of ofType more than GraphiQL, with every option, then it is still answered', async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
      typeDepth: 11,
    });
    const response = await post(query);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
  });

  it('when GraphQL Code Generator reads the schema from the service, then it generates its types', async () => {
    // Its own URL loader and introspection query; over the network when the service listens.
    const endpoint = `${service.base ?? BASE}/graphql`;
    const customFetch = service.base ? undefined : service.app.fetch;
    const { result, error } = await executeCodegen({
      schema: { [endpoint]: { headers: { authorization: `Bearer ${service.token}` }, ...(customFetch ? { customFetch } : {}) } },
      generates: { 'schema-types.ts': { plugins: ['typescript'] } },
      silent: true,
    });
    expect(error).toBeNull();
    expect(result[0]!.content).toContain('export type CreateOrderInput = {');
  });
});
