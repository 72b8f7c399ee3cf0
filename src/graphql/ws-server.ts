import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { UnauthenticatedError, type Authenticate } from '../platform/tokens/verify-token.js';
import { RateLimitedError, type RateLimit } from '../http/rate-limit.js';
import type { ErrorLog } from '../http/error-table.js';
import { publicError, publicResult } from './public-result.js';
import { graphqlErrorFor } from './table-error.js';
import type { GraphqlYoga } from './yoga.js';
import type { TrustedDocuments } from './trusted-documents.js';

export interface WsDeps {
  yoga: Pick<GraphqlYoga, 'getEnveloped'>;
  /** The resolver of an operation's document (trusted-documents.ts): by id (the text empty), or its text. */
  documents?: Pick<TrustedDocuments, 'resolve'>;
  authenticate: Authenticate;
  rateLimit: RateLimit | null;
  log: ErrorLog;
  /** Largest message taken. */
  maxPayload: number;
  /** How often an idle connection is pinged (SUBSCRIPTION_KEEP_ALIVE_MS); one that does not answer is cut. */
  keepAliveMs: number;
}

type Operations = Pick<ExecutionArgs, 'rootValue'> & { rootValue: { execute(a: ExecutionArgs): unknown; subscribe(a: ExecutionArgs): unknown } };

/**
 * GraphQL over WebSocket (`graphql-transport-ws`, graphql-ws's server) on `/graphql`. The token
 * comes in `connectionParams: { authorization: 'Bearer …' }`: without one the connection is closed
 * with 4401 (Unauthorized), with one that does not verify with 4403 (Forbidden), as graphql-ws
 * closes connections it refuses. Each operation runs through yoga's own operation stage (parse
 * and validation caches, limits, context, masked errors), counts against the caller's rate limit,
 * and sees the token verified again, so that an expired one is refused.
 */
export function createWsServer(deps: WsDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayload });
  const refused = (error: unknown) => [graphqlErrorFor(error, deps.log)];

  const server = useServer<Record<string, unknown>, { authorization: string; subject: string }>(
    {
      isProd: true,
      async onConnect(ctx) {
        const given = ctx.connectionParams?.authorization;
        const authorization = typeof given === 'string' ? given : null;
        try {
          ctx.extra.subject = (await deps.authenticate(authorization)).subject;
          ctx.extra.authorization = authorization!;
          return true;
        } catch (error) {
          if (!(error instanceof UnauthenticatedError)) throw error;
          // graphql-ws then closes with 4403 itself; this close comes first.
          if (error.missing) ctx.extra.socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
      },
      async onSubscribe(ctx, _id, payload) {
        if (deps.rateLimit) {
          const verdict = await deps.rateLimit(`sub:${ctx.extra.subject}`);
          if (!verdict.allowed) return refused(new RateLimitedError(verdict.headers));
        }
        const request = { method: 'POST', headers: new Headers({ authorization: ctx.extra.authorization ?? '' }) } as Request;
        try {
          // graphql-ws takes a text in every operation: one named by id comes with an empty one,
          // which the manifest's replaces.
          const params = deps.documents ? deps.documents.resolve(payload) : payload;
          const enveloped = deps.yoga.getEnveloped({ request, params, transport: 'ws' });
          const document = enveloped.parse(params.query);
          const errors = enveloped.validate(enveloped.schema, document);
          if (errors.length) return errors;
          const args: ExecutionArgs & Operations = {
            schema: enveloped.schema,
            document,
            operationName: params.operationName,
            variableValues: params.variables,
            contextValue: await enveloped.contextFactory(),
            rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
          };
          return args;
        } catch (error) {
          return error instanceof GraphQLError && !error.originalError ? [error] : refused(error);
        }
      },
      execute: (args) => (args as ExecutionArgs & Operations).rootValue.execute(args) as never,
      subscribe: (args) => (args as ExecutionArgs & Operations).rootValue.subscribe(args) as never,
      onNext: (_ctx, _id, _payload, _args, result) => publicResult(result as never) as never,
      onError: (_ctx, _id, _payload, errors) => errors.map(publicError),
    },
    wss,
    deps.keepAliveMs,
  );

  let closed: Promise<void> | null = null;
  return {
    /** Takes over an upgrade of `/graphql` that the router admitted. */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    /** Closes every connection (1001, going away) once their subscriptions have ended. */
    close: () => (closed ??= Promise.resolve(server.dispose())),
  };
}

export type WsServer = ReturnType<typeof createWsServer>;
