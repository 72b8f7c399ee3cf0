import type { ExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql';

/**
 * An error as a client sees it: without the HTTP status and headers the error table puts in its
 * extensions for yoga (which takes them out of its own answers), since no HTTP answer carries a
 * WebSocket message or a stream's later events.
 */
export function publicError(error: GraphQLError): GraphQLFormattedError {
  const formatted = error.toJSON();
  if (!formatted.extensions || !('http' in formatted.extensions)) return formatted;
  const { http: _http, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/** A result with its errors as clients see them; undefined when it has none to change. */
export function publicResult(result: ExecutionResult): ExecutionResult | undefined {
  if (!result.errors?.length) return undefined;
  return { ...result, errors: result.errors.map(publicError) as unknown as GraphQLError[] };
}
