import type { OperatorService } from '../domain/service.js';

// What this capability's resolvers read from the context (see Services in src/graphql/builder.ts).
declare module '../../graphql/builder.js' {
  interface Services {
    /** The roster, for the platform and the operators' app. */
    operators: OperatorService;
  }
}
