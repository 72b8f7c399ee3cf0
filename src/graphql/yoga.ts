import { NoSchemaIntrospectionCustomRule, type GraphQLSchema } from 'graphql';
import { createYoga, type Plugin, type YogaServerOptions } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { ContextDeps } from './context.js';
import { createContext } from './context.js';
import type { ResolverContext } from './builder.js';
import { compiledExecution } from './compiled-execution.js';
import { loggedByTable, maskedErrors } from './masked-errors.js';
import { operationLimits } from './operation-limits.js';
import { noteOperations } from './operation-note.js';
import { eventStreamPlugins } from './event-streams.js';
import type { TrustedDocuments } from './trusted-documents.js';

/** What a deployment shows of the schema: all of it in development, none of it in production. */
export interface GraphqlPosture {
  introspection: boolean;
  graphiql: boolean;
  /** graphql-js's "Did you mean …?" in error messages. */
  suggestions: boolean;
}

export interface YogaDeps extends ContextDeps {
  /** The schema served: the published one, or the same as a Federation v2 subgraph (`_service`, `_entities`). */
  schema: GraphQLSchema;
  log: Logger;
  maxBodyBytes: number;
  posture: GraphqlPosture;
  /** Pre-filled in GraphiQL's headers; development only. */
  graphiqlToken?: string;
  /** The operation's span (see tracing.ts), when tracing is on. */
  tracing?: Plugin;
  /** An event stream quiet this long sends a keep-alive comment (SUBSCRIPTION_KEEP_ALIVE_MS). */
  keepAliveMs?: number;
  /** The trusted documents' resolver, when a manifest is set (GRAPHQL_TRUSTED_DOCUMENTS). */
  documents?: TrustedDocuments;
}

const noIntrospection: Plugin = {
  onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
};

/**
 * The plugins of every operation. They run at parse, validation and execution, which the fast
 * POST path runs too (see fast-post.ts); a plugin with request hooks would be skipped there, and
 * a test fails when one is added.
 */
export const graphqlPlugins = (posture: GraphqlPosture, log: Logger, tracing?: Plugin, documents?: TrustedDocuments): Plugin[] => [
  // First: the document every other plugin sees is the one it resolves. Its onParams hook runs in
  // yoga's operation stage (getResultForParams), which the fast paths call too, after resolving
  // the request themselves with the same resolver (see trusted-documents.ts).
  ...(documents?.enabled ? [documents.plugin] : []),
  noteOperations,
  ...operationLimits(posture, log),
  ...(posture.introspection ? [] : [noIntrospection]),
  compiledExecution(log),
  // Last: it runs the execution it is given (compiled or not) within the operation's span.
  ...(tracing ? [tracing] : []),
];

/**
 * yoga over the schema: context, masking, limits, GraphiQL. CORS is the router's, for both faces.
 * Subscriptions' event streams add request hooks of their own, for requests that never take the
 * fast POST path (see event-streams.ts).
 */
export function createGraphqlYoga(deps: YogaDeps) {
  const options = yogaOptions(deps);
  const streams = eventStreamPlugins({
    authenticate: deps.authenticate,
    log: deps.log,
    keepAliveMs: deps.keepAliveMs ?? 15_000,
    documents: deps.documents,
  });
  return createYoga<object, ResolverContext>({ ...options, plugins: [...(options.plugins ?? []), ...streams] });
}

export function yogaOptions(deps: YogaDeps): YogaServerOptions<object, ResolverContext> {
  const { log, posture } = deps;
  return {
    schema: deps.schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    cors: false,
    maxRequestBodySize: deps.maxBodyBytes,
    // GraphiQL is the face's own page (see face.ts), served with the service's files.
    graphiql: false,
    maskedErrors: maskedErrors(log, posture),
    logging: {
      // yoga narrates each request's steps: at trace, so that debug shows one line per refused
      // request (see answerFor), and no work for them unless they will be written.
      debug: log.isLevelEnabled('trace') ? (...args) => log.trace({ args }, 'graphql') : () => {},
      info: (...args) => log.info({ args }, 'graphql'),
      warn: (...args) => log.warn({ args }, 'graphql'),
      // yoga reports every error it masks; the table's own are logged where they are answered.
      error: (...args) => {
        if (!loggedByTable(args[0])) log.error({ err: args[0] }, 'unexpected error');
      },
    },
    context: createContext(deps),
    plugins: graphqlPlugins(posture, log, deps.tracing, deps.documents),
  };
}

export type GraphqlYoga = ReturnType<typeof createGraphqlYoga>;
