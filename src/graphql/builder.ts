import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import type { AuthenticatedCaller } from '../auth/verify-token.js';
import type { OrderService } from '../core/create-order.js';

export interface GraphQLContext {
  caller: AuthenticatedCaller;
  orders: OrderService;
}

export const builder = new SchemaBuilder<{ Context: GraphQLContext; DefaultFieldNullability: false }>({
  plugins: [ErrorsPlugin],
  // Fields are non-null unless they say otherwise, as the contract's schema is.
  defaultFieldNullability: false,
  errors: { defaultTypes: [] },
});

builder.queryType({});
builder.mutationType({});
