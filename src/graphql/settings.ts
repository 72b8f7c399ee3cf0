import { declareSettings, type Reader } from '../platform/config/settings.js';

/** What the GraphQL face shows of its schema. */
export const GRAPHQL_SETTINGS = declareSettings({
  GRAPHIQL: { default: '', doc: 'serve GraphiQL at GET /graphql: `true` or `false`; on by default, off in production' },
  GRAPHQL_INTROSPECTION: { default: '', doc: 'answer GraphQL introspection: `true` or `false`; on by default, off in production' },
  GRAPHQL_FEDERATION: { default: 'false', doc: 'serve /graphql as a Federation v2 subgraph (`_service`, `_entities`): `true` or `false`' },
});

export interface GraphqlConfig {
  /** What GraphQL shows of the schema; off in production unless asked for. */
  graphql: { introspection: boolean; graphiql: boolean; suggestions: boolean; federation: boolean };
}

export function readGraphqlConfig(read: Reader<keyof typeof GRAPHQL_SETTINGS>, { production }: { production: boolean }): GraphqlConfig {
  return {
    graphql: {
      introspection: read.flag('GRAPHQL_INTROSPECTION', !production),
      graphiql: read.flag('GRAPHIQL', !production),
      // "Did you mean …?" spells out the schema: never in production.
      suggestions: !production,
      federation: read.flag('GRAPHQL_FEDERATION', false),
    },
  };
}
