import SchemaBuilder from '@pothos/core';
import DirectivePlugin from '@pothos/plugin-directives';
import ErrorsPlugin from '@pothos/plugin-errors';
import FederationPlugin from '@pothos/plugin-federation';
import type { AuthenticatedCaller } from '../platform/tokens/verify-token.js';
import type { OrderService } from '../orders/domain/create-order.js';
import type { IdempotentRequest } from '../orders/domain/idempotency.js';
import type { OperatorService } from '../operators/domain/service.js';
import type { WebhookEndpoints } from '../webhooks/domain/endpoints.js';
import type { OrderLife } from '../lifecycle/domain/order-life.js';
import type { LiveOrders, Transport } from '../live-updates/live-orders.js';

export interface GraphQLContext {
  caller: AuthenticatedCaller;
  orders: OrderService;
  /** The request's Idempotency-Key header, with the fingerprint of its operation and variables. */
  idempotent?: IdempotentRequest;
  /** The Authorization the caller came with: a subscription reads its expiry and operator claim. */
  authorization?: string | null;
  /** How a subscription's results travel; `sse` (any HTTP) unless the WebSocket server says so. */
  transport?: Transport;
}

/** What the resolvers see: the context createApp builds, with the services compose.ts adds to it. */
export interface ResolverContext extends GraphQLContext {
  operators: OperatorService;
  webhooks: WebhookEndpoints;
  /** The order's life after creation: offers, progress, cancels, the platform's changes. */
  life: OrderLife;
  /** Live updates of orders; absent where nothing follows orders (a face built for a test). */
  live?: LiveOrders;
}

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
