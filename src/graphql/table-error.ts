import { GraphQLError } from 'graphql';
import { answerFor, SILENT, type ErrorAnswer, type ErrorLog } from '../http/error-table.js';

/**
 * A failure as a top-level GraphQL error: the error table's message, its code in
 * `extensions.code` (and the field an INVALID_INPUT names), and the HTTP status and headers the
 * table gives it, which yoga answers with.
 */
export function tableError(answer: ErrorAnswer): GraphQLError {
  const http = { status: answer.status, headers: answer.headers };
  // yoga answers a parse or validation error 200 to a client that accepts application/json, as
  // the GraphQL-over-HTTP spec allows, when `spec` is set, and sets it on every parse error
  // (`spec ||= true`). The table's status is the service's own, whatever the Accept: `spec` stays false.
  Object.defineProperty(http, 'spec', { get: () => false, set: () => {}, enumerable: false });
  const extensions = answer.field === undefined ? { code: answer.code, http } : { code: answer.code, field: answer.field, http };
  return new GraphQLError(answer.message, { extensions });
}

/** Any failure as a top-level GraphQL error; the unexpected are logged and masked. */
export const graphqlErrorFor = (error: unknown, log: ErrorLog): GraphQLError =>
  tableError(answerFor(error, log));

/**
 * A failure raised where nothing is logged (validation rules, logged per request by the plugin
 * that runs them): known, so never masked.
 */
export const refusal = (error: Error): GraphQLError => graphqlErrorFor(error, SILENT);
