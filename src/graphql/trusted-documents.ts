import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GraphQLError, parse, type DocumentNode } from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { ConfigError } from '../platform/config/settings.js';
import { RequestError, type ErrorLog } from '../http/error-table.js';
import { graphqlErrorFor } from './table-error.js';

/** A manifest: each document's text by its id, the SHA-256 of the text in hex. */
export type Manifest = ReadonlyMap<string, string>;

const ID = /^[0-9a-f]{64}$/;
const PREFIX = 'sha256:';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The manifest at `path`, as GraphQL Code Generator's client preset writes it
 * (`persisted-documents.json`): a JSON object from id to text, each id the SHA-256 of its text in
 * hex (the preset writes it `sha256:`-prefixed, as GraphQL over HTTP's persisted documents do).
 * An id that is not its text's SHA-256 (a manifest edited by hand, or hashed otherwise) refuses
 * to start.
 */
export function readManifest(path: string, setting = 'GRAPHQL_TRUSTED_DOCUMENTS'): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${setting}=${path} is not a readable JSON file: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ConfigError(`${setting}=${path} is not a JSON object of id to document`);
  const manifest = new Map<string, string>();
  for (const [key, text] of Object.entries(value)) {
    const id = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : key;
    if (typeof text !== 'string' || !ID.test(id) || sha256(text) !== id) {
      throw new ConfigError(`${setting}=${path}: ${key} is not the SHA-256 (hex) of its document`);
    }
    manifest.set(id, text);
  }
  return manifest;
}

export interface TrustedDocumentsConfig {
  /** The manifest; null: any document runs, sent as text. */
  manifest: Manifest | null;
  /** Whether a document sent as text is refused (only ids are taken). */
  only: boolean;
}

/** What a request names its document by, besides `query`. */
interface Named {
  query?: unknown;
  documentId?: unknown;
  extensions?: Record<string, unknown> | null;
}

/** A request's operation with its document's text in `query`, as every path runs it. */
export type Resolved = GraphQLParams & { query: string };

export interface TrustedDocuments {
  /** Whether a manifest is in force: requests may name their document by id. */
  readonly enabled: boolean;
  /**
   * The request's operation with its document's text: the manifest's for an id (`documentId`,
   * `sha256:` allowed; or `extensions.persistedQuery.sha256Hash`), the text sent otherwise.
   * Throws the refusal, as a GraphQL error with the table's code and status: a text when only
   * ids are taken (PERSISTED_QUERY_ONLY), an id not in the manifest (PERSISTED_QUERY_NOT_IN_LIST).
   * Without a manifest the params are given back as they are.
   */
  resolve<P extends object>(params: P): P & Resolved;
  /** The yoga plugin that resolves every operation yoga runs, and gives the parser the manifest's parsed documents. */
  readonly plugin: Plugin;
}

/**
 * The one resolver of "request → document" for `/graphql`, whatever the path (yoga's HTTP layer,
 * the fast POST and SSE paths, graphql-sse's single connection mode, graphql-ws). Each document
 * of the manifest is parsed once, when the service starts, and kept by its id: its parse is never
 * repeated, and since it is always the same document object, yoga's validation cache (keyed by
 * the document object, for the same rules) validates it once too.
 */
export function createTrustedDocuments(config: TrustedDocumentsConfig, log: ErrorLog): TrustedDocuments {
  const { manifest, only } = config;
  // Params already resolved, handed on by a path to yoga's operation stage: not resolved again.
  const resolved = new WeakSet<object>();
  const parsed = new Map<string, DocumentNode>();
  const idOfText = new Map<string, string>();
  for (const [id, text] of manifest ?? []) {
    try {
      parsed.set(id, parse(text));
    } catch (error) {
      throw new ConfigError(`GRAPHQL_TRUSTED_DOCUMENTS: the document ${id} does not parse: ${(error as Error).message}`);
    }
    idOfText.set(text, id);
  }
  const refusal = (code: 'PERSISTED_QUERY_ONLY' | 'PERSISTED_QUERY_NOT_IN_LIST') => graphqlErrorFor(new RequestError(code), log);
  // Params refused, handed on as they came to the operation stage, which refuses them again:
  // the same refusal, logged once.
  const refusedAlready = new WeakMap<object, GraphQLError>();
  const refuse = (params: object, code: 'PERSISTED_QUERY_ONLY' | 'PERSISTED_QUERY_NOT_IN_LIST'): never => {
    const error = refusedAlready.get(params) ?? refusal(code);
    refusedAlready.set(params, error);
    throw error;
  };

  function resolve<P extends object>(params: P): P & Resolved {
    if (!manifest || resolved.has(params)) return params as P & Resolved;
    const { documentId, ...rest } = params as P & Named;
    const id = idOf(documentId, rest.extensions);
    if (id === undefined) {
      if (only) refuse(params, 'PERSISTED_QUERY_ONLY');
      resolved.add(params);
      return params as P & Resolved;
    }
    const text = id === null ? undefined : manifest.get(id);
    if (text === undefined) return refuse(params, 'PERSISTED_QUERY_NOT_IN_LIST');
    const taken = { ...rest, query: text } as unknown as P & Resolved;
    resolved.add(taken);
    return taken;
  }

  const plugin: Plugin = {
    onParams({ params, request, setParams, setResult }) {
      if (!manifest) return;
      try {
        setParams(resolve(withUrlDocumentId(params, request)));
      } catch (error) {
        // yoga's own check of the params runs after this one: they must pass it.
        const { documentId: _, ...rest } = params as GraphQLParams & Named;
        setParams({ ...rest, query: '' });
        setResult({ errors: [error as GraphQLError] });
      }
    },
    onParse({ params, setParsedDocument }) {
      if (!manifest) return;
      const id = idOfText.get(params.source.toString());
      if (id === undefined) {
        // Every path resolves its request first: a text reaching the parser when only ids are
        // taken is a path that did not, and is refused all the same.
        if (only) throw refusal('PERSISTED_QUERY_ONLY');
        return;
      }
      const document = parsed.get(id)!;
      setParsedDocument(document);
      // yoga's parse cache comes after, and may set its own copy for the same text.
      return ({ replaceParseResult }) => replaceParseResult(document);
    },
  };

  return { enabled: manifest !== null, resolve, plugin };
}

/**
 * yoga reads a GET's `query`, `variables`, `operationName` and `extensions` from the URL, and
 * leaves `documentId` out: it is taken here.
 */
function withUrlDocumentId(params: GraphQLParams, request: Request): GraphQLParams {
  if (request.method !== 'GET' || 'documentId' in params || !request.url?.includes('documentId=')) return params;
  const documentId = new URL(request.url, 'http://service').searchParams.get('documentId');
  return documentId === null ? params : { ...params, documentId } as GraphQLParams;
}

/**
 * The id a request names: undefined for none (a text document), null for one that cannot be an
 * id (not in any manifest).
 */
function idOf(documentId: unknown, extensions: Record<string, unknown> | null | undefined): string | null | undefined {
  if (documentId != null) {
    if (typeof documentId !== 'string') return null;
    const id = documentId.startsWith(PREFIX) ? documentId.slice(PREFIX.length) : documentId;
    return ID.test(id) ? id : null;
  }
  const persisted = extensions?.persistedQuery;
  if (persisted == null) return undefined;
  if (typeof persisted !== 'object') return null;
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  return version === 1 && typeof sha256Hash === 'string' && ID.test(sha256Hash) ? sha256Hash : null;
}
