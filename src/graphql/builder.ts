import SchemaBuilder from '@pothos/core';
import DirectivePlugin from '@pothos/plugin-directives';
import ErrorsPlugin from '@pothos/plugin-errors';
import FederationPlugin from '@pothos/plugin-federation';
import type { IdempotentRequest } from '../http/idempotency-header.js';
import type { AuthenticatedCaller } from '../platform/tokens/verify-token.js';

/**
 * The services the resolvers use, by name. Each capability's GraphQL types name theirs by adding
 * to this interface, where they are declared:
 * `declare module '../../graphql/builder.js' { interface Services { orders: OrderService } }`;
 * the composition hands the face an object with all of them.
 */
export interface Services {}

export interface GraphQLContext {
  caller: AuthenticatedCaller;
  /** The request's Idempotency-Key header, with the fingerprint of its operation and variables. */
  idempotent?: IdempotentRequest;
  /** The Authorization the caller came with: a subscription reads its expiry and operator claim. */
  authorization?: string | null;
  /** How a subscription's results travel; `sse` (any HTTP) unless the WebSocket server says so. */
  transport?: 'sse' | 'ws';
}

/** What the resolvers see: the request's caller and key, and the capabilities' services. */
export interface ResolverContext extends GraphQLContext, Services {}

export const builder = new SchemaBuilder<{ Context: ResolverContext; DefaultFieldNullability: false }>({
  // Federation's after those that wrap resolvers, as its plugin asks. Its entities' keys are kept
  // on the types as directives, which only the subgraph schema (see schema.ts) prints.
  plugins: [ErrorsPlugin, DirectivePlugin, FederationPlugin],
  // Fields are non-null unless they say otherwise, as the published schema's are.
  defaultFieldNullability: false,
  errors: { defaultTypes: [] },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
