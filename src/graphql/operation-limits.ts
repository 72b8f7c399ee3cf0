import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLError, ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { oneOrderPerRequest } from './one-order-per-request.js';
import { tableError } from './table-error.js';

// Bounds on what one operation may ask, well above what this schema's real operations need
// (depth 4, a handful of aliases) and what GraphiQL's introspection asks (introspection is not
// counted for depth and cost).
export const LIMITS = { depth: 10, aliases: 10, tokens: 2_000, directives: 20, cost: 5_000 };

// The library's own error has no code; each limit it enforces is answered as one of the table's.
function refuse(context: ValidationContext | null, error: GraphQLError): void {
  const refusal = tableError('OPERATION_LIMIT_EXCEEDED', { message: error.message.replace(/^Syntax Error: /, '') });
  // Counting tokens happens while parsing, with no validation context to report to.
  if (!context) throw refusal;
  context.reportError(refusal);
}

const each = { propagateOnRejection: false, onReject: [refuse] };

/** graphql-armor's limits (depth, aliases, tokens, directives, cost) and one createOrder per request. */
export function operationLimits(): Plugin[] {
  const armor = EnvelopArmorPlugin({
    maxDepth: Object.assign({ n: LIMITS.depth }, each),
    maxAliases: Object.assign({ n: LIMITS.aliases }, each),
    maxTokens: Object.assign({ n: LIMITS.tokens }, each),
    maxDirectives: Object.assign({ n: LIMITS.directives }, each),
    costLimit: Object.assign({ maxCost: LIMITS.cost }, each),
    // Suggestions are masked with every other error message, in production (see masked-errors.ts).
    blockFieldSuggestion: { enabled: false },
  });
  // The library's plugins run at parse and validation, on envelop's context type; yoga's extends it.
  return [armor as Plugin, { onValidate: ({ addValidationRule }) => addValidationRule(oneOrderPerRequest) }];
}
