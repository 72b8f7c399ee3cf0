import { RequestError } from './error-table.js';

/**
 * What the REST routes need of a request and give back as a response, whatever carries them:
 * node:http in the server (no Request/Response objects on the hot path), fetch in tests and
 * through yoga. Both adapters are below.
 */
export interface PlainRequest {
  method: string;
  /** A header by its lower-case name. */
  header(name: string): string | undefined;
  /** The body as text; PAYLOAD_TOO_LARGE past `limit` bytes. */
  text(limit: number): Promise<string>;
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  /** Text, or bytes (files such as GraphiQL's, compressed or not). */
  body: string | Uint8Array;
  /** The error table's code of a refusal, for the metrics; never sent. */
  code?: string;
}

/** A route answers a request to `path`: the URL's path, still percent-encoded. */
export type PlainRoute = (request: PlainRequest, path: string) => Promise<PlainResponse>;

export function fromFetch(request: Request): PlainRequest {
  return {
    method: request.method,
    header: (name) => request.headers.get(name) ?? undefined,
    async text(limit) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of (request.body ?? []) as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > limit) throw new RequestError('PAYLOAD_TOO_LARGE');
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

// A fetch Response of these statuses may not have a body, not even an empty one.
const NO_BODY = new Set([204, 304]);

export const toFetchResponse = (r: PlainResponse): Response =>
  new Response(NO_BODY.has(r.status) ? null : (r.body as BodyInit), { status: r.status, headers: r.headers });
