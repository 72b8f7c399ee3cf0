import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { GraphQLError, ValidationContext, ValidationRule } from 'graphql';
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

// graphql-armor's rules, made once. Registered through one hook per stage rather than one plugin
// per limit: every plugin's hooks run on every request, while the rules themselves run only when
// a document is first validated (yoga caches the result).
const RULES: ValidationRule[] = [
  maxDepthRule(Object.assign({ n: LIMITS.depth }, each)),
  maxAliasesRule(Object.assign({ n: LIMITS.aliases }, each)),
  maxDirectivesRule(Object.assign({ n: LIMITS.directives }, each)),
  costLimitRule(Object.assign({ maxCost: LIMITS.cost }, each)),
  oneOrderPerRequest,
];
// Counts tokens as it parses; a document is parsed once and kept (yoga's cache).
const TOKENS = maxTokensPlugin(Object.assign({ n: LIMITS.tokens }, each)) as Plugin;

/**
 * graphql-armor's limits (depth, aliases, tokens, directives, cost) and one createOrder per
 * request; with `suggestions: false`, no "Did you mean" in validation errors either.
 */
export function operationLimits({ suggestions }: { suggestions: boolean }): Plugin[] {
  const limits: Plugin = {
    onParse: TOKENS.onParse,
    onValidate: ({ addValidationRule }) => RULES.forEach(addValidationRule),
  };
  // Those of variables' coercion are masked with every other error (see masked-errors.ts).
  return suggestions ? [limits] : [limits, blockFieldSuggestionsPlugin({ mask: '' }) as Plugin];
}
