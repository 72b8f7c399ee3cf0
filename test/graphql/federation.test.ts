import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderMutation } from '../generated/operations.js';
import { CREATE_ORDER } from '../support/operations.js';
import { orderInput, signTestToken, startTestService, type TestService } from '../support/service.js';

const SDL = '{ _service { sdl } }';
const ENTITIES = `query Entities($representations: [_Any!]!) {
  _entities(representations: $representations) { __typename ... on Order { id status serviceCode } }
}`;

async function createOrder(service: TestService, auth?: string): Promise<string> {
  const response = await service.gql(CREATE_ORDER, { input: orderInput() }, auth ? { auth } : {});
  const result = (response.body.data as CreateOrderMutation).createOrder;
  if (result.__typename !== 'CreateOrderSuccess') throw new Error(`got ${result.__typename}`);
  return result.order.id;
}

describe('with GRAPHQL_FEDERATION=true', () => {
  let service: TestService;
  let other: string;
  beforeAll(async () => {
    // Without introspection, as in production: _service is no introspection, and still answers.
    service = await startTestService({ env: { GRAPHQL_FEDERATION: 'true', GRAPHQL_INTROSPECTION: 'false' } });
    other = `Bearer ${await signTestToken({ sub: 'another-app' })}`;
  });
  afterAll(() => service.close());

  it('_service answers the subgraph SDL: Order keyed by id, Partner keyed but resolved elsewhere, Federation v2 linked', async () => {
    const response = await service.gql(SDL);
    expect(response.body.errors).toBeUndefined();
    const sdl: string = response.body.data._service.sdl;
    const types = Object.fromEntries(
      parse(sdl)
        .definitions.filter((d) => d.kind === 'ObjectTypeDefinition')
        .map((d) => [d.name.value, d.directives?.map((directive) => directive.loc && sdl.slice(directive.loc.start, directive.loc.end))]),
    );
    expect(types.Order).toEqual(['@key(fields: "id")']);
    expect(types.Partner).toEqual(['@key(fields: "id", resolvable: false)']);
    expect(sdl).toMatch(/@link\(url: "https:\/\/specs\.apollo\.dev\/federation\/v2\.\d+", import: \["@key"\]\)/);
    // The subgraph's own fields only: no _service, _entities or _Any in the SDL a gateway composes.
    expect(sdl).not.toMatch(/_entities|_service|_Any/);
    expect((await service.gql('{ __schema { queryType { name } } }')).body.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it("_entities resolves the caller's own orders by id and answers null for another's, in the order asked", async () => {
    const mine = await createOrder(service);
    const theirs = await createOrder(service, other);
    const representations = [mine, theirs, '999999'].map((id) => ({ __typename: 'Order', id }));
    // Twice: the second run of a document takes the compiled path (graphql-jit).
    for (const run of [1, 2]) {
      const response = await service.gql(ENTITIES, { representations });
      expect(response.body.errors, `run ${run}`).toBeUndefined();
      expect(response.body.data._entities, `run ${run}`).toEqual([{ __typename: 'Order', id: mine, status: 'PENDING', serviceCode: 'TOWING' }, null, null]);
    }
    const theirView = await service.gql(ENTITIES, { representations }, { auth: other });
    expect(theirView.body.data._entities).toEqual([null, { __typename: 'Order', id: theirs, status: 'PENDING', serviceCode: 'TOWING' }, null]);
  });

  it('an id that is no order number is refused as order(id) refuses it', async () => {
    const response = await service.gql(ENTITIES, { representations: [{ __typename: 'Order', id: 'abc' }] });
    const byOrder = await service.gql('query ($id: ID!) { order(id: $id) { id } }', { id: 'abc' });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    expect(byOrder.body.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });

  it('the subgraph still needs a token', async () => {
    const response = await service.gql(SDL, {}, { auth: null });
    expect(response.status).toBe(401);
  });
});

describe('without GRAPHQL_FEDERATION', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('the schema has no _service or _entities', async () => {
    const response = await service.gql(SDL);
    expect(response.body.errors?.[0]?.message).toMatch(/_service/);
    expect(response.body.data).toBeUndefined();
  });
});
