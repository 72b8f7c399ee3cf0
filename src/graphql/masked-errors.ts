import { GraphQLError } from 'graphql';
import { maskError as yogaMaskError, type YogaServerOptions } from 'graphql-yoga';
import type { Logger } from 'pino';
import { ServiceError } from '../core/errors.js';
import { graphqlErrorFor } from './table-error.js';

// graphql-js suggests names it knows ("Did you mean …?") when it coerces variables; those of
// validation are hidden by graphql-armor (see operation-limits.ts).
const SUGGESTION = / ?Did you mean [^?]*\?/g;

/**
 * Known failures that are no member of a result union (the token, a store outage, a refused
 * Idempotency-Key) become top-level errors as the error table answers them; anything else
 * unexpected is masked. `suggestions: false` takes graphql-js's name suggestions out of every
 * message, so that they do not spell out the schema.
 */
export function maskedErrors(log: Logger, { suggestions }: { suggestions: boolean }): YogaServerOptions<object, object>['maskedErrors'] {
  return {
    maskError(error, message, isDev) {
      const original = error instanceof GraphQLError ? error.originalError : error;
      if (original instanceof ServiceError) return graphqlErrorFor(original, log);
      const masked = yogaMaskError(error, message, isDev);
      if (suggestions || !(masked instanceof GraphQLError) || !masked.message.includes('Did you mean')) return masked;
      return new GraphQLError(masked.message.replace(SUGGESTION, ''), {
        nodes: masked.nodes,
        positions: masked.positions,
        path: masked.path,
        extensions: masked.extensions,
      });
    },
  };
}
