import type { YogaInitialContext } from 'graphql-yoga';
import type { Authenticate } from '../platform/tokens/verify-token.js';
import { idempotentRequest } from '../http/idempotency-header.js';
import type { GraphQLContext, ResolverContext, Services } from './builder.js';

export interface ContextDeps {
  authenticate: Authenticate;
  /** The services the resolvers use besides the caller and the request's key. */
  services: Services;
}

/**
 * Each operation's context: its caller, from the token (a refusal is a top-level UNAUTHENTICATED
 * error, masked into the table's answer), and its Idempotency-Key with the fingerprint of the
 * operation and its variables.
 */
export function createContext({ authenticate, services }: ContextDeps) {
  return async (initial: YogaInitialContext & Pick<GraphQLContext, 'transport'>): Promise<ResolverContext> => {
    const { request, params, transport } = initial;
    const authorization = request.headers.get('authorization');
    const caller = await authenticate(authorization);
    const { query, variables, operationName } = params;
    const idempotent = idempotentRequest(request.headers.get('idempotency-key'), 'graphql', { query, variables, operationName });
    return Object.assign({ caller, idempotent, authorization, transport }, services);
  };
}
