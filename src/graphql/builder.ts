import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import type { AuthenticatedCaller } from '../auth/verify-token.js';
import type { OrderService } from '../core/orders/create-order.js';
import type { IdempotentRequest } from '../core/orders/idempotency.js';
import type { OperatorService } from '../core/operators/service.js';
import type { WebhookEndpoints } from '../core/webhooks/endpoints.js';
import type { OrderLife } from '../core/lifecycle/order-life.js';

export interface GraphQLContext {
  caller: AuthenticatedCaller;
  orders: OrderService;
  /** The request's Idempotency-Key header, with the fingerprint of its operation and variables. */
  idempotent?: IdempotentRequest;
}

/** What the resolvers see: the context createApp builds, with the services compose.ts adds to it. */
export interface ResolverContext extends GraphQLContext {
  operators: OperatorService;
  webhooks: WebhookEndpoints;
  /** The order's life after creation: offers, progress, cancels, the platform's changes. */
  life: OrderLife;
}

export const builder = new SchemaBuilder<{ Context: ResolverContext; DefaultFieldNullability: false }>({
  plugins: [ErrorsPlugin],
  // Fields are non-null unless they say otherwise, as the contract's schema is.
  defaultFieldNullability: false,
  errors: { defaultTypes: [] },
});

builder.queryType({});
builder.mutationType({});
