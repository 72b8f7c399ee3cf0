import type { WebhookEndpoints } from '../domain/endpoints.js';

// What this capability's resolvers read from the context (see Services in src/graphql/builder.ts).
declare module '../../graphql/builder.js' {
  interface Services {
    /** The owners' webhook endpoints and deliveries. */
    webhooks: WebhookEndpoints;
  }
}
