import { createSchema, createYoga } from 'graphql-yoga';
import * as jit from 'graphql-jit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compiledExecution } from '../../src/graphql/compiled-execution.js';
import { createLogger } from '../../src/platform/logger.js';

// graphql-jit's compiler, counted, and made to fail for the documents a test names.
const refused = new Set<string>();
vi.mock('graphql-jit', async (original) => {
  const actual = await original<typeof jit>();
  return {
    ...actual,
    compileQuery: vi.fn((schema, document, name, options) =>
      refused.has(document.loc?.source.body ?? '') ? { errors: [new Error('not compiled')] } : actual.compileQuery(schema, document, name, options),
    ),
  };
});
const compiles = vi.mocked(jit.compileQuery);

const schema = createSchema({
  typeDefs: /* GraphQL */ `
    enum Size { SMALL LARGE }
    input Box { size: Size!, weight: Float! }
    type Parcel { label: String!, size: Size! }
    type Refusal { reason: String! }
    union Outcome = Parcel | Refusal
    type Query { ship(box: Box!): Outcome!, broken: String! }
  `,
  resolvers: {
    Query: {
      ship: (_: unknown, { box }: { box: { size: string; weight: number } }) =>
        box.weight > 10 ? { reason: 'too heavy' } : { label: `${box.size}-${box.weight}`, size: box.size },
      broken: () => {
        throw new Error('failed');
      },
    },
    Outcome: { __resolveType: (value: object) => ('reason' in value ? 'Refusal' : 'Parcel') },
  },
});

const SHIP = `query($box: Box!) { ship(box: $box) { __typename ... on Parcel { label size } ... on Refusal { reason } } }`;

function service() {
  const log = createLogger('silent');
  const warn = vi.spyOn(log, 'warn');
  const yoga = createYoga({ schema, plugins: [compiledExecution(log)], maskedErrors: false, logging: false });
  const send = (query: string, variables: object = {}, operationName?: string) =>
    yoga.fetch('http://yoga/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables, operationName }),
    });
  const ask = async (query: string, variables: object = {}, operationName?: string) =>
    (await send(query, variables, operationName)).json() as Promise<{ data?: unknown; errors?: { message: string }[] }>;
  const statusOf = async (query: string, variables: object) => (await send(query, variables)).status;
  return { ask, statusOf, warn };
}

beforeEach(() => {
  compiles.mockClear();
  refused.clear();
});

describe('operations run compiled', () => {
  it('when a document is sent again, then it is compiled once and answers as the interpreter did', async () => {
    const { ask } = service();
    const answers = [];
    for (const weight of [1, 2, 30, 3]) answers.push(await ask(SHIP, { box: { size: 'SMALL', weight } }));
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(answers).toEqual([
      { data: { ship: { __typename: 'Parcel', label: 'SMALL-1', size: 'SMALL' } } },
      { data: { ship: { __typename: 'Parcel', label: 'SMALL-2', size: 'SMALL' } } },
      { data: { ship: { __typename: 'Refusal', reason: 'too heavy' } } },
      { data: { ship: { __typename: 'Parcel', label: 'SMALL-3', size: 'SMALL' } } },
    ]);
  });

  it('when a document is sent once, then it is not compiled', async () => {
    const { ask } = service();
    await ask(SHIP, { box: { size: 'LARGE', weight: 1 } });
    await ask(`${SHIP} `, { box: { size: 'LARGE', weight: 1 } });
    expect(compiles).not.toHaveBeenCalled();
  });

  it('when a compiled document gets variables it refuses, then the refusal is in graphql-js’s words', async () => {
    const { ask, statusOf } = service();
    const bad = { box: { size: 'HUGE', weight: 'heavy' } };
    const interpreted = await ask(SHIP, bad);
    const compiled = await ask(SHIP, bad);
    expect(compiles).toHaveBeenCalledTimes(1);
    // yoga's status for them too: the request was bad, not its answer.
    expect(await statusOf(SHIP, bad)).toBe(400);
    expect(compiled).toEqual(interpreted);
    expect(compiled.errors?.map((e) => e.message)).toEqual([
      'Variable "$box" got invalid value "HUGE" at "box.size"; Value "HUGE" does not exist in "Size" enum.',
      'Variable "$box" got invalid value "heavy" at "box.weight"; Float cannot represent non numeric value: "heavy"',
    ]);
  });

  it('when a resolver throws in a compiled document, then the error is answered as the interpreter does', async () => {
    const { ask } = service();
    // Its locations too: lines ended every way graphql-js counts one.
    const query = 'query Broken {\r\n\n  # the field\r  broken }';
    const interpreted = await ask(query);
    const compiled = await ask(query);
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(compiled).toEqual(interpreted);
    expect(compiled).toMatchObject({ data: null, errors: [{ message: 'failed', locations: [{ line: 4, column: 3 }], path: ['broken'] }] });
  });

  it('when a document holds two operations, then each is compiled and run by its own name', async () => {
    const { ask } = service();
    const both = `query A { ship(box: { size: SMALL, weight: 1 }) { __typename } } query B { ship(box: { size: SMALL, weight: 99 }) { __typename } }`;
    for (let i = 0; i < 2; i++) {
      expect(await ask(both, {}, 'A')).toEqual({ data: { ship: { __typename: 'Parcel' } } });
      expect(await ask(both, {}, 'B')).toEqual({ data: { ship: { __typename: 'Refusal' } } });
    }
    expect(compiles).toHaveBeenCalledTimes(2);
  });

  it('when graphql-jit cannot compile a document, then it is still answered, and that is logged once', async () => {
    const { ask, warn } = service();
    const query = '{ ship(box: { size: LARGE, weight: 2 }) { __typename } }';
    refused.add(query);
    for (let i = 0; i < 4; i++) expect(await ask(query)).toEqual({ data: { ship: { __typename: 'Parcel' } } });
    expect(compiles).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
