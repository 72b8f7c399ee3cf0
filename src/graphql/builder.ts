import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import type { AuthenticatedCaller } from '../auth/verify-token.js';
import type { OrderService } from '../core/create-order.js';

export interface GraphQLContext {
  caller: AuthenticatedCaller;
  orders: OrderService;
}

export const builder = new SchemaBuilder<{ Context: GraphQLContext }>({
  plugins: [ErrorsPlugin],
  errors: { defaultTypes: [] },
});

builder.queryType({});
builder.mutationType({});
