import type { LiveOrders } from '../live-orders.js';

// What this capability's resolvers read from the context (see Services in src/graphql/builder.ts).
declare module '../../graphql/builder.js' {
  interface Services {
    /** Live updates of orders; absent where nothing follows orders (a face built for a test). */
    live?: LiveOrders;
  }
}
