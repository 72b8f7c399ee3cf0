import type { OrderLife } from '../domain/order-life.js';

// What this capability's resolvers read from the context (see Services in src/graphql/builder.ts).
declare module '../../graphql/builder.js' {
  interface Services {
    /** The order's life after creation: offers, progress, cancels, the platform's changes. */
    life: OrderLife;
  }
}
