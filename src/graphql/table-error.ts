import { GraphQLError } from 'graphql';
import { ERROR_TABLE, type ErrorCode } from '../error-table.js';

/**
 * A top-level GraphQL error for a code of the error table: its message, its code in
 * `extensions.code`, and the HTTP status and headers the table gives it (yoga answers with them).
 */
export function tableError(
  code: ErrorCode,
  { message = ERROR_TABLE[code].message, headers, extensions }: {
    message?: string;
    headers?: Record<string, string>;
    extensions?: Record<string, unknown>;
  } = {},
): GraphQLError {
  const http = { status: ERROR_TABLE[code].status, headers };
  // yoga answers a parse or validation error 200 to a client that accepts application/json, as
  // the GraphQL-over-HTTP spec allows, when `spec` is set, and sets it on every parse error
  // (`spec ||= true`). The table's status is the service's own, whatever the Accept: `spec` stays false.
  Object.defineProperty(http, 'spec', { get: () => false, set: () => {}, enumerable: false });
  return new GraphQLError(message, { extensions: Object.assign({ code, http }, extensions) });
}
