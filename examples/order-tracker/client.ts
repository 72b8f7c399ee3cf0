import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createClient, type RequestParams } from 'graphql-sse';
import type { ExecutionResult } from 'graphql';

/**
 * A small GraphQL client that sends documents by id only, as a service with a trusted documents
 * manifest in production takes them: `{ documentId, variables }`, never the text. The id is the
 * one the client preset put in each typed document (`__meta__.hash`, `sha256:<hex>`), the same
 * as in the manifest it wrote.
 */
export interface ClientOptions {
  /** The service's base URL, e.g. http://localhost:4000. */
  url: string;
  /** `Bearer <token>`. */
  authorization: string;
  /** How long one request may take. */
  timeoutMs?: number;
}

/** The id the client preset gave a document. */
export function documentIdOf(document: object): string {
  const id = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
  if (!id) throw new Error('the document has no id: generate it with the client preset and persistedDocuments on');
  return id;
}

export function createTrustedClient({ url, authorization, timeoutMs = 10_000 }: ClientOptions) {
  const endpoint = `${url.replace(/\/+$/, '')}/graphql`;

  /** A query or a mutation, by POST. */
  async function request<R, V>(document: TypedDocumentNode<R, V>, variables: V): Promise<ExecutionResult<R>> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', authorization },
      body: JSON.stringify({ documentId: documentIdOf(document), variables }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const result = (await response.json()) as ExecutionResult<R>;
    if (!response.ok && !result.errors) throw new Error(`HTTP ${response.status}`);
    return result;
  }

  // GraphQL over SSE, one connection per subscription. graphql-sse's client sends the request as
  // it is given: an id and no text.
  const sse = createClient({ url: endpoint, headers: { authorization }, retryAttempts: 0 });

  /** A subscription: each result to `next`, until the returned function is called or it ends. */
  function subscribe<R, V>(
    document: TypedDocumentNode<R, V>,
    variables: V,
    sink: { next(result: ExecutionResult<R>): void; error(error: unknown): void; complete(): void },
  ): () => void {
    const params = { documentId: documentIdOf(document), variables } as unknown as RequestParams;
    return sse.subscribe<R>(params, { next: (result) => sink.next(result as ExecutionResult<R>), error: sink.error, complete: sink.complete });
  }

  return { request, subscribe, dispose: () => sse.dispose() };
}
