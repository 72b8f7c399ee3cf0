import { randomUUID } from 'node:crypto';
import { useGraphQLSSE } from '@graphql-yoga/plugin-graphql-sse';
import type { Plugin } from 'graphql-yoga';
import type { Response as StreamAnswer } from 'graphql-sse';
import type { Authenticate } from '../platform/tokens/verify-token.js';
import { answerFor, type ErrorLog } from '../http/error-table.js';
import { withKeepAlive } from '../http/keep-alive.js';
import { publicResult } from './public-result.js';
import type { TrustedDocuments } from './trusted-documents.js';

/** Where a request of the single connection mode names its reserved stream (or `?token=`). */
export const TOKEN_HEADER = 'x-graphql-event-stream-token';
// Streams reserved and not yet forgotten; the oldest go first past this many.
const RESERVATIONS_KEPT = 10_000;

/**
 * Whether a request belongs to the GraphQL over SSE protocol's single connection mode: a stream
 * reserved with PUT, then opened (GET), fed (POST) and trimmed (DELETE) with its token. The
 * distinct connections mode (one POST with `Accept: text/event-stream` per subscription) is
 * served by fast-stream.ts, and by yoga itself for browser pages.
 */
export function isReservedStream(request: Request): boolean {
  if (request.method === 'PUT' || request.method === 'DELETE' || request.headers.has(TOKEN_HEADER)) return true;
  return request.url.includes('?') && new URL(request.url).searchParams.has('token');
}

export interface EventStreamDeps {
  authenticate: Authenticate;
  log: ErrorLog;
  keepAliveMs: number;
  /** The resolver of an operation's document (trusted-documents.ts). */
  documents?: Pick<TrustedDocuments, 'enabled' | 'resolve'>;
}

/**
 * What `/graphql` adds for subscriptions over HTTP, besides yoga's own `text/event-stream`
 * answers: the single connection mode (graphql-sse, through @graphql-yoga/plugin-graphql-sse),
 * every request of it authenticated like any other and a reserved stream usable only by the
 * subject that reserved it; and a keep-alive comment on every event stream left quiet for
 * `keepAliveMs`. Both hooks concern only requests the fast paths never take (fast-post.ts,
 * fast-stream.ts).
 */
export function eventStreamPlugins(deps: EventStreamDeps): Plugin[] {
  const reservedBy = new Map<string, string>();
  const refusal = (error: unknown): StreamAnswer => {
    const answer = answerFor(error, deps.log);
    const body = JSON.stringify({ errors: [{ message: answer.message, extensions: { code: answer.code } }] });
    const headers = { 'content-type': 'application/json; charset=utf-8', ...answer.headers };
    return [body, { status: answer.status, statusText: String(answer.code), headers }];
  };
  const notFound: StreamAnswer = [JSON.stringify({ errors: [{ message: 'Stream not found' }] }), { status: 404, statusText: 'Not Found' }];

  const singleConnection = useGraphQLSSE({
    endpoint: '/graphql',
    async authenticate(req) {
      let subject: string;
      try {
        subject = (await deps.authenticate(req.headers.get('authorization'))).subject;
      } catch (error) {
        return refusal(error);
      }
      if (req.method === 'PUT') {
        const token = randomUUID();
        if (reservedBy.size >= RESERVATIONS_KEPT) reservedBy.delete(reservedBy.keys().next().value!);
        reservedBy.set(token, subject);
        return token;
      }
      const token = req.headers.get(TOKEN_HEADER) ?? new URL(req.url ?? '', 'http://service').searchParams.get('token');
      return token && reservedBy.get(token) === subject ? token : notFound;
    },
    onNext: (_ctx, _req, result) => publicResult(result as never),
  });

  const keepAlive: Plugin = {
    onResponse({ response, setResponse }) {
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
      const { status, headers } = response;
      setResponse(new Response(withKeepAlive(response.body, deps.keepAliveMs), { status, headers }));
    },
  };

  /**
   * An operation sent to a reserved stream (POST) with its document resolved: graphql-sse reads
   * `query` alone (it drops `documentId`, and wants a text), so the request it is handed carries
   * the manifest's text; a refused one is answered here, as the table says.
   */
  async function resolvedOperation(request: Request): Promise<Request | Response> {
    const { documents } = deps;
    if (!documents?.enabled || request.method !== 'POST' || !request.headers.get('content-type')?.includes('json')) return request;
    const text = await request.text();
    const again = () => new Request(request.url, { method: 'POST', headers: request.headers, body: text });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return again();
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return again();
    try {
      const params = documents.resolve(body as Record<string, unknown>);
      return new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(params) });
    } catch (error) {
      const refused = error as { message: string; extensions: { code?: unknown } };
      const answer = JSON.stringify({ errors: [{ message: refused.message, extensions: { code: refused.extensions.code } }] });
      return new Response(answer, { status: 400, headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' } });
    }
  }

  return [
    {
      onYogaInit: singleConnection.onYogaInit,
      async onRequest(payload) {
        if (!isReservedStream(payload.request)) return;
        const request = await resolvedOperation(payload.request);
        if (request instanceof Response) return payload.endResponse(request);
        return singleConnection.onRequest?.({ ...payload, request });
      },
    },
    keepAlive,
  ];
}
