import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLError, ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { ServiceError } from '../core/errors.js';
import { oneOrderPerRequest } from './one-order-per-request.js';
import { refusal } from './table-error.js';

// Bounds on what one operation may ask, well above what this schema's real operations need
// (depth 4, a handful of aliases) and what GraphiQL's introspection asks (introspection is not
// counted for depth and cost).
export const LIMITS = { depth: 10, aliases: 10, tokens: 2_000, directives: 20, cost: 5_000 };

export class OperationLimitError extends ServiceError {
  readonly code = 'OPERATION_LIMIT_EXCEEDED';

  /** `limit`: the library's own words, which say which limit and by how much. */
  constructor(readonly limit: string) {
    super(limit);
  }
}

// The library's own error has no code; each limit it enforces is answered as one of the table's.
function refuse(context: ValidationContext | null, error: GraphQLError): void {
  const refused = refusal(new OperationLimitError(error.message.replace(/^Syntax Error: /, '')));
  // Counting tokens happens while parsing, with no validation context to report to.
  if (!context) throw refused;
  context.reportError(refused);
}

const each = { propagateOnRejection: false, onReject: [refuse] };

/**
 * graphql-armor's limits (depth, aliases, tokens, directives, cost) and one createOrder per
 * request; with `suggestions: false`, no "Did you mean" in validation errors either.
 */
export function operationLimits({ suggestions }: { suggestions: boolean }): Plugin[] {
  const armor = EnvelopArmorPlugin({
    maxDepth: Object.assign({ n: LIMITS.depth }, each),
    maxAliases: Object.assign({ n: LIMITS.aliases }, each),
    maxTokens: Object.assign({ n: LIMITS.tokens }, each),
    maxDirectives: Object.assign({ n: LIMITS.directives }, each),
    costLimit: Object.assign({ maxCost: LIMITS.cost }, each),
    // Those of variables' coercion are masked with every other error (see masked-errors.ts).
    blockFieldSuggestion: { enabled: !suggestions, mask: '' },
  });
  // The library's plugins run at parse and validation, on envelop's context type; yoga's extends it.
  return [armor as Plugin, { onValidate: ({ addValidationRule }) => addValidationRule(oneOrderPerRequest) }];
}
