import { processRegularResult, type FetchAPI, type GraphQLParams, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { PlainRequest, PlainResponse } from '../http/plain.js';
import type { OperationNote } from '../http/observation.js';
import type { TrustedDocuments } from './trusted-documents.js';

/**
 * The usual GraphQL request, run without yoga's HTTP layer: a POST of one JSON operation from a
 * client that is not a browser page (no Origin: no CORS headers to add) and takes JSON back.
 * yoga would turn node's request into a fetch Request, run its request hooks, pick a parser and a
 * result processor, and build a Response: much of what it adds to a mutation (see
 * docs/design/fast-post.md). The
 * operation itself still runs through yoga (`getResultForParams`: its parameter checks, parse and
 * validation caches, context, masked errors) and its answer is built by yoga's own result processor,
 * so status codes and bodies are yoga's. Any other request is left to yoga.
 *
 * What is skipped is yoga's request stage: its onRequest, onRequestParse, onResultProcess and
 * onResponse hooks. None of ours needs these requests today (CORS answers only an Origin; health,
 * GraphiQL and the router only GETs and other paths). A plugin added with such hooks that must see
 * every GraphQL request needs its case here, or these requests handed to yoga.
 */
export function createFastPost(
  yoga: Pick<YogaServerInstance<object, object>, 'getResultForParams'>,
  log: Logger,
  documents?: Pick<TrustedDocuments, 'enabled' | 'resolve'>,
) {
  /** The answer to the request, or undefined when it is not of that kind: yoga's to answer. */
  return async function answerDirectly(request: PlainRequest, body: unknown, note?: OperationNote): Promise<PlainResponse | undefined> {
    const mediaType = answerMediaType(request.header('accept'));
    const given = mediaType && directOperation(request, body, documents?.enabled);
    if (!given) return undefined;
    // The document by its id, or its text as sent; a refused one goes on as it came, and the
    // operation stage refuses it again (the same resolver), answered as every refusal is.
    const params = resolvedOrGiven(documents, given);
    // A subscription answers a stream, which fast-stream.ts serves; a document that merely
    // mentions the word goes that way too, answered all the same.
    if (params.query?.includes('subscription')) return undefined;
    let answer: Captured;
    try {
      const result = await yoga.getResultForParams({ params, request: operationRequest(request) }, { note });
      if (!result) throw new Error('the operation gave no result');
      // Errors before execution (the token, the limits) have no execution to note them.
      const first = 'errors' in result ? result.errors?.[0] : undefined;
      if (note && first) note.code = String(first.extensions?.code ?? 'ERROR');
      answer = processRegularResult(result, CAPTURE, mediaType) as unknown as Captured;
    } catch (error) {
      // yoga's operation stage answers its own failures as results; this is a defect, masked.
      log.error({ err: error }, 'graphql operation failed');
      answer = new Captured(JSON.stringify({ errors: [{ message: 'Unexpected error.' }] }), {
        status: 500,
        headers: { 'Content-Type': `${mediaType}; charset=utf-8` },
      });
    }
    // No body only for a streamed result, which subscriptions give: they never come here.
    return { status: answer.init.status, headers: headers(answer.init.headers), body: answer.body ?? '' };
  };
}

/**
 * The headers by lower-case name, the last of a name winning, as a fetch Response takes them: an
 * error's own headers may repeat the content type that yoga sets.
 */
function headers(given: Record<string, string>): Record<string, string> {
  const byName: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) byName[name.toLowerCase()] = value;
  return byName;
}

/** The response yoga's result processor builds, kept as it is given instead of a fetch Response. */
export class Captured {
  constructor(
    readonly body: string | null,
    readonly init: { status: number; headers: Record<string, string> },
  ) {}
}
export const CAPTURE = { Response: Captured } as unknown as FetchAPI;

// The Accept values answered here, and the media type yoga answers each with; yoga picks the
// same for them (an absent Accept is */*). Lists, weights and other types are yoga's to negotiate.
const ANSWER_TYPES = new Map([
  ['*/*', 'application/json'],
  ['application/json', 'application/json'],
  ['application/graphql-response+json', 'application/graphql-response+json'],
]);

function answerMediaType(accept: string | undefined): string | undefined {
  if (!accept) return 'application/json';
  const [type = '', ...parameters] = accept.replace(/\s/g, '').toLowerCase().split(';');
  return parameters.every((p) => p === 'charset=utf-8') ? ANSWER_TYPES.get(type) : undefined;
}

/** yoga's test for a JSON request, as written in its POST parser. */
function isJson(contentType: string | undefined): boolean {
  const first = contentType?.split(',')[0];
  return first === 'application/json' || !!first?.startsWith('application/json;');
}

/**
 * The operation a request's body holds, when the request may skip yoga's HTTP layer: from a client
 * that is not a browser page (no Origin: no CORS headers to add), in JSON, and one operation yoga
 * would take without a word: a query string, variables and extensions absent or objects, an
 * operation name absent or a string, nothing else. With trusted documents (`byId`), a document
 * may be named instead: a `documentId`, or an `extensions.persistedQuery`, without the text.
 */
export function directOperation(request: PlainRequest, body: unknown, byId = false): GraphQLParams | undefined {
  if (request.header('origin') !== undefined || !isJson(request.header('content-type'))) return undefined;
  if (!isObject(body)) return undefined;
  const { query, variables, operationName, extensions, documentId, ...others } = body;
  if (Object.values(others).some((value) => value != null)) return undefined;
  const named = byId && (documentId != null || (isObject(extensions) && extensions.persistedQuery != null));
  if (!(typeof query === 'string' || (named && query == null))) return undefined;
  if (documentId != null && !named) return undefined;
  if (!(variables == null || isObject(variables)) || !(extensions == null || isObject(extensions))) return undefined;
  if (!(operationName == null || typeof operationName === 'string')) return undefined;
  return body as GraphQLParams;
}

/** The params with their document resolved; as given when refused, for the operation stage to refuse. */
export function resolvedOrGiven(documents: Pick<TrustedDocuments, 'resolve'> | undefined, params: GraphQLParams): GraphQLParams {
  if (!documents) return params;
  try {
    return documents.resolve(params);
  } catch {
    return params;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the operation stage reads of the request: its method (yoga refuses mutations over GET)
 * and its headers (the context reads Authorization and Idempotency-Key).
 */
export function operationRequest(request: PlainRequest): Request {
  const headers = { get: (name: string) => request.header(name.toLowerCase()) ?? null };
  return { method: 'POST', headers } as unknown as Request;
}
