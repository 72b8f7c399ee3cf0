import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestError } from '../http/error-table.js';
import { fromNode, sendNode } from '../http/node-adapter.js';
import { toFetchResponse, type PlainRequest, type PlainResponse } from '../http/plain.js';
import { answerFor } from '../http/error-table.js';
import { answerError, json, refuse } from '../http/responses.js';
import { createFastPost } from './fast-post.js';
import { createFastStream } from './fast-stream.js';
import { GRAPHIQL_ASSETS_PATH, type GraphiqlAssets } from './graphiql-assets.js';
import { graphiqlPage, wantsGraphiql } from './graphiql-page.js';
import type { OperationNote } from '../http/observation.js';
import { createGraphqlYoga, type YogaDeps } from './yoga.js';
import type { RateLimit } from '../http/rate-limit.js';
import { createWsServer } from './ws-server.js';
import { createTrustedDocuments, type TrustedDocumentsConfig } from './trusted-documents.js';

export interface FaceDeps extends YogaDeps {
  /** GraphiQL's files, when GraphiQL is served. */
  graphiql: GraphiqlAssets | null;
  /** Whether GET /docs serves the REST reference, for GraphiQL's link to it. */
  docs?: boolean;
  /** Each client's allowance: a WebSocket's operations count against it too. */
  rateLimit?: RateLimit | null;
  /** The manifest of trusted documents (GRAPHQL_TRUSTED_DOCUMENTS); none: any document runs. */
  trustedDocuments?: TrustedDocumentsConfig;
}

/**
 * `/graphql`, whole, and GraphiQL's files: through fetch (tests) and from node's listener, where
 * the usual POST is answered without yoga's HTTP layer (see fast-post.ts), and where WebSocket
 * upgrades are taken (ws-server.ts). A browser opening
 * `/graphql` gets GraphiQL as the service serves it (graphiql-page.ts), not yoga's page, which
 * loads it from a public CDN.
 */
export function createGraphqlFace(deps: FaceDeps) {
  // The one resolver of a request's document, which every path below takes (trusted-documents.ts).
  const documents = createTrustedDocuments(deps.trustedDocuments ?? { manifest: null, only: false }, deps.log);
  const yoga = createGraphqlYoga({ ...deps, documents });
  const keepAliveMs = deps.keepAliveMs ?? 15_000;
  const ws = createWsServer({
    yoga,
    documents,
    authenticate: deps.authenticate,
    rateLimit: deps.rateLimit ?? null,
    log: deps.log,
    maxPayload: deps.maxBodyBytes,
    keepAliveMs,
  });
  const answerDirectly = createFastPost(yoga, deps.log, documents);
  const streamDirectly = createFastStream({
    yoga,
    documents,
    log: deps.log,
    keepAliveMs,
    joined: deps.services.live && (() => deps.services.live!.joined('sse')),
  });
  const tooLarge = () => answerError(new RequestError('PAYLOAD_TOO_LARGE'), deps.log);
  const { graphiql } = deps;
  const page = (method: string, accept: string | undefined) =>
    graphiql && wantsGraphiql(method, accept) ? graphiqlPage(graphiql.urls, { token: deps.graphiqlToken, docs: deps.docs }) : null;

  function fetch(request: Request, note?: OperationNote): Response | Promise<Response> {
    const opened = page(request.method, request.headers.get('accept') ?? undefined);
    if (opened) return toFetchResponse(opened);
    if (Number(request.headers.get('content-length') ?? 0) > deps.maxBodyBytes) return toFetchResponse(tooLarge());
    return yoga.fetch(request, { note });
  }

  /** GraphiQL's files, under GRAPHIQL_ASSETS_PATH; none when GraphiQL is off. */
  const assets = async (request: PlainRequest, path: string): Promise<PlainResponse> =>
    graphiql ? graphiql.respond(request, path) : refuse('NOT_FOUND');

  /**
   * A POST's body is read here, under the same size limit as REST (declared or not), and handed
   * to yoga already parsed, the way body-parsing middleware does; yoga then skips turning node's
   * stream into a fetch body. The usual operation is answered directly, and so is a subscription's
   * event stream; a body that is not a JSON object goes on as text, for yoga to answer as it
   * always does.
   */
  /** `extra`: headers every answer to the request carries (CORS, the rate limit's). */
  async function handleNode(req: IncomingMessage, res: ServerResponse, extra?: Record<string, string>): Promise<void> {
    const opened = page(req.method ?? 'GET', req.headers.accept);
    if (opened) return sendNode(res, opened, extra);
    if (req.method !== 'POST') return viaYoga(req, res, extra);
    const plain = fromNode(req);
    let text: string;
    try {
      if (Number(plain.header('content-length')) > deps.maxBodyBytes) return sendNode(res, tooLarge(), extra);
      text = await plain.text(deps.maxBodyBytes);
    } catch (error) {
      return sendNode(res, answerError(error, deps.log), extra);
    }
    const body = parsedObject(plain.header('content-type'), text);
    const note = (req as { note?: OperationNote }).note;
    if (await streamDirectly(req.url ?? '', plain, body, res, extra ?? {}, note)) return;
    const answer = await answerDirectly(plain, body, note);
    if (answer) return sendNode(res, answer, extra);
    Object.assign(req, { body: body ?? text });
    return viaYoga(req, res, extra);
  }

  /** yoga writes the answer itself: the extra headers are set ahead, and node merges them in. */
  function viaYoga(req: IncomingMessage, res: ServerResponse, extra?: Record<string, string>) {
    for (const name in extra) res.setHeader(name, extra[name]!);
    return yoga(req, res);
  }

  /** A refusal made before GraphQL ran (the rate limit), as a GraphQL answer with the table's status. */
  function refusal(error: Error): PlainResponse {
    const answer = answerFor(error, deps.log);
    const extensions = { code: answer.code };
    return json(answer.status, { errors: [{ message: answer.message, extensions }] }, answer.headers);
  }

  return { fetch, handleNode, assetsPath: GRAPHIQL_ASSETS_PATH, assets, refusal, yoga, upgrade: ws.upgrade, closeSockets: ws.close };
}

export type GraphqlFace = ReturnType<typeof createGraphqlFace>;

/** The body as an object when it is a JSON object with something in it; undefined otherwise. */
function parsedObject(contentType: string | undefined, text: string): object | undefined {
  if (!contentType?.includes('json')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && Object.keys(value).length > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
