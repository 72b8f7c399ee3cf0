import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { GraphQLError, ValidationContext, ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import { ServiceError } from '../platform/errors.js';
import { logRefusal } from '../http/error-table.js';
import { oneOrderPerRequest } from './one-order-per-request.js';
import { refusal } from './table-error.js';

// Bounds on what one operation may ask, well above what this schema's real operations need
// (depth 4, a handful of aliases); introspection (`__schema`, `__type`, `__typename`) counts too.
// What lies under `__schema` has a depth and a cost bound of its own: the types that describe the
// schema refer to each other without end (a field has a type, which has an ofType…), and the
// whole-schema query of GraphiQL and GraphQL Code Generator (graphql's getIntrospectionQuery, nine
// levels of ofType) is deeper and costlier, as the library counts, than any operation on this
// schema should be. Its bounds let a client ask two levels of ofType more than they do; each
// level more costs half as much again.
export const LIMITS = {
  depth: 10,
  introspectionDepth: 23,
  aliases: 10,
  tokens: 2_000,
  directives: 20,
  cost: 5_000,
  introspectionCost: 200_000,
};

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
 * A limit counted twice (see RULES), against the bound of every operation and against
 * introspection's: an operation over both is told once, of the tighter bound.
 */
function bothBounds<O extends object>(rule: (options: O & typeof each) => ValidationRule, operation: O, introspection: O): ValidationRule[] {
  const told = new WeakSet<ValidationContext>();
  const tell = (context: ValidationContext | null, error: GraphQLError) => {
    if (context) told.add(context);
    refuse(context, error);
  };
  const unlessTold = (context: ValidationContext | null, error: GraphQLError) => {
    if (!context || !told.has(context)) refuse(context, error);
  };
  return [rule({ ...operation, ...each, onReject: [tell] }), rule({ ...introspection, ...each, onReject: [unlessTold] })];
}

// graphql-armor's rules, made once. Registered through one hook per stage rather than one plugin
// per limit: every plugin's hooks run on every request, while the rules themselves run only when
// a document is first validated (yoga caches the result).
// Depth and cost are each counted twice: without `__schema` against the bound of every operation
// (`ignoreIntrospection` skips only that field: `__type` is held to it), and with it against
// introspection's. The library's other defaults let `__typename` be aliased without count: not here.
const RULES: ValidationRule[] = [
  ...bothBounds(maxDepthRule, { n: LIMITS.depth, ignoreIntrospection: true }, { n: LIMITS.introspectionDepth, ignoreIntrospection: false }),
  maxAliasesRule(Object.assign({ n: LIMITS.aliases, allowList: [] }, each)),
  maxDirectivesRule(Object.assign({ n: LIMITS.directives }, each)),
  ...bothBounds(costLimitRule, { maxCost: LIMITS.cost, ignoreIntrospection: true }, { maxCost: LIMITS.introspectionCost, ignoreIntrospection: false }),
  oneOrderPerRequest,
];
// Counts tokens as it parses, introspection included; a document is parsed once and kept (yoga's cache).
const TOKENS = maxTokensPlugin(Object.assign({ n: LIMITS.tokens }, each)) as Plugin;

/** The first of `errors` that is one of the table's refusals, logged as the faces log them. */
function logFirstRefusal(log: Logger, errors: readonly unknown[]): void {
  for (const error of errors) {
    const extensions = (error as Partial<GraphQLError>).extensions;
    const http = extensions?.http as { status?: unknown } | undefined;
    if (typeof extensions?.code === 'string' && typeof http?.status === 'number') {
      return logRefusal(log, { code: extensions.code, status: http.status });
    }
  }
}

/**
 * graphql-armor's limits (depth, aliases, tokens, directives, cost) and one createOrder per
 * request; with `suggestions: false`, no "Did you mean" in validation errors either. A refusal is
 * logged as every client failure is (see answerFor): validation's on every request, its result
 * kept by yoga or not; the token count's when the document is first parsed, since yoga answers
 * the same text again from its cache before any plugin sees it.
 */
export function operationLimits({ suggestions }: { suggestions: boolean }, log: Logger): Plugin[] {
  const parsed = ({ result }: { result: unknown }) => {
    if (result instanceof Error) logFirstRefusal(log, [result]);
  };
  const validated = ({ result }: { result: readonly unknown[] }) => {
    if (result.length) logFirstRefusal(log, result);
  };
  const limits: Plugin = {
    onParse: (payload) => {
      TOKENS.onParse!(payload);
      return parsed;
    },
    onValidate: ({ addValidationRule }) => {
      RULES.forEach(addValidationRule);
      return validated;
    },
  };
  // Those of variables' coercion are masked with every other error (see masked-errors.ts).
  return suggestions ? [limits] : [limits, blockFieldSuggestionsPlugin({ mask: '' }) as Plugin];
}
