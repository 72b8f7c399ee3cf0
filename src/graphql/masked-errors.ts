import { GraphQLError } from 'graphql';
import { maskError as yogaMaskError, type YogaServerOptions } from 'graphql-yoga';
import type { Logger } from 'pino';
import { ServiceError } from '../platform/errors.js';
import { graphqlErrorFor } from './table-error.js';

// graphql-js suggests names it knows ("Did you mean …?") when it coerces variables; those of
// validation are hidden by graphql-armor (see operation-limits.ts).
const SUGGESTION = / ?Did you mean [^?]*\?/g;

/** The service's own failure behind an error yoga hands over, as thrown or located by graphql-js. */
const serviceErrorOf = (error: unknown): ServiceError | undefined => {
  const original = error instanceof GraphQLError ? error.originalError : error;
  return original instanceof ServiceError ? original : undefined;
};

/**
 * Whether yoga's own report of a masked error is the table's to make: answerFor logs those once,
 * at the level each deserves (a client's bad token at debug, a store outage at warn), where
 * yoga would log every one at error with its stack.
 */
export const loggedByTable = (error: unknown): boolean => serviceErrorOf(error) !== undefined;

/**
 * Known failures that are no member of a result union (the token, a store outage, a refused
 * Idempotency-Key) become top-level errors as the error table answers them, and are logged as it
 * logs them; anything else unexpected is masked, and yoga logs it as an error. `suggestions:
 * false` takes graphql-js's name suggestions out of every message, so that they do not spell out
 * the schema.
 */
export function maskedErrors(log: Logger, { suggestions }: { suggestions: boolean }): YogaServerOptions<object, object>['maskedErrors'] {
  return {
    maskError(error, message, isDev) {
      const known = serviceErrorOf(error);
      if (known) return graphqlErrorFor(known, log);
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
