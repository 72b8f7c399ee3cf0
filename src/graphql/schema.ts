import { lexicographicSortSchema, printSchema, specifiedScalarTypes, type GraphQLSchema } from 'graphql';
import type { builder as Builder } from './builder.js';

/**
 * Builds a schema and leaves graphql's own scalars as they were. The directives plugin (which the
 * subgraph's SDL is printed with) gives every type of a schema it builds a syntax tree, these
 * scalars included, which every schema in the process shares: a tool that reads them (GraphQL Code
 * Generator prints their descriptions when they have one) would then answer differently here.
 */
function keepingBuiltInScalars(build: () => GraphQLSchema): GraphQLSchema {
  const astNodes = specifiedScalarTypes.map((type) => type.astNode);
  try {
    return build();
  } finally {
    specifiedScalarTypes.forEach((type, i) => (type.astNode = astNodes[i]));
  }
}

/** Where the subgraph's @link points: the Federation version its SDL is written for. */
const FEDERATION_LINK = 'https://specs.apollo.dev/federation/v2.6';

/**
 * The schemas of `builder` once every type has been declared on it (the capabilities' GraphQL
 * types, put together by the composition: src/service/schema.ts): the published schema, the same
 * as a Federation v2 subgraph (GRAPHQL_FEDERATION=true: `_service { sdl }` and `_entities` added to
 * Query), built on first use so that a service that is no subgraph never pays for a second build,
 * and the published schema as committed in schema.graphql.
 */
export function schemasOf(builder: typeof Builder) {
  const schema = keepingBuiltInScalars(() => builder.toSchema());
  let subgraph: GraphQLSchema | undefined;
  return {
    schema,
    subgraphSchema: (): GraphQLSchema => (subgraph ??= keepingBuiltInScalars(() => builder.toSubGraphSchema({ linkUrl: FEDERATION_LINK }))),
    printedSchema: () => `${printSchema(lexicographicSortSchema(schema))}\n`,
  };
}
