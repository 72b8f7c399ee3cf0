import type { OrderService } from '../domain/create-order.js';

// What this capability's resolvers read from the context (see Services in src/graphql/builder.ts).
declare module '../../graphql/builder.js' {
  interface Services {
    /** The orders the caller makes, quotes and reads. */
    orders: OrderService;
  }
}
