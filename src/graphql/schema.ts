import { lexicographicSortSchema, printSchema, specifiedScalarTypes, type GraphQLSchema } from 'graphql';
import { builder } from './builder.js';
import './errors.js';
import '../orders/graphql/order.js';
import '../lifecycle/graphql/order-history.js';
import '../lifecycle/graphql/order-offer.js';
import '../orders/graphql/orders.js';
import '../orders/graphql/create-order.js';
import '../orders/graphql/quote.js';
import '../live-updates/graphql/order-updated.js';
import '../operators/graphql/operators.js';
import '../operators/graphql/operators-near.js';
import '../operators/graphql/operators-upsert.js';
import '../operators/graphql/operators-position.js';
import '../operators/graphql/operators-remove.js';
import '../webhooks/graphql/webhooks.js';
import '../webhooks/graphql/webhooks-endpoints.js';
import '../webhooks/graphql/webhooks-deliveries.js';
import '../lifecycle/graphql/lifecycle-errors.js';
import '../lifecycle/graphql/offers.js';
import '../lifecycle/graphql/advance-order.js';
import '../lifecycle/graphql/cancel-order.js';
import '../lifecycle/graphql/platform-orders.js';

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

export const schema = keepingBuiltInScalars(() => builder.toSchema());

/** Where the subgraph's @link points: the Federation version its SDL is written for. */
const FEDERATION_LINK = 'https://specs.apollo.dev/federation/v2.6';

let subgraph: GraphQLSchema | undefined;

/**
 * The same schema as a Federation v2 subgraph (GRAPHQL_FEDERATION=true): the types and resolvers
 * above, with `_service { sdl }` and `_entities` added to Query. Built on first use: a service that
 * is no subgraph never pays for a second build.
 */
export function subgraphSchema(): GraphQLSchema {
  subgraph ??= keepingBuiltInScalars(() => builder.toSubGraphSchema({ linkUrl: FEDERATION_LINK }));
  return subgraph;
}

/** The schema as committed in schema.graphql. */
export const printedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
