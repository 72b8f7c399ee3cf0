import { DeadlineError } from '../deadline.js';
import { tracingOn } from '../tracing/tracer.js';
import { tracedRequests } from './traced-requests.js';
import { Pool } from './undici.js';

/** What went wrong with a call to another service, as far as this side can tell. */
export type OutboundFailure =
  | 'unreachable' // no connection: refused, no such host, connect timeout
  | 'timeout' // the deadline passed (or the caller gave up) before a whole answer came
  | 'connection_lost' // the connection broke before a whole answer came
  | 'server_error' // it answered 5xx
  | 'rejected' // it answered 4xx: the request, the credentials or the resource is wrong
  | 'malformed'; // it answered 2xx with something that is not what its documentation says

/** Did the request reach the other side? 'maybe' when the connection was up and then failed. */
export type Reach = 'no' | 'maybe' | 'yes';

export class OutboundError extends Error {
  constructor(
    readonly service: string,
    readonly kind: OutboundFailure,
    readonly reached: Reach,
    detail: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${service}: ${kind}: ${detail}`, options);
  }
}

export interface JsonRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** Path and query, appended to the base URL's path. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/** A 2xx or 4xx answer; `body` is undefined when a 4xx body is not JSON. */
export interface JsonResponse {
  status: number;
  body: unknown;
}

export interface JsonClientOptions {
  /** Named in errors and logs. */
  service: string;
  /** Deadline of one call, connection included. */
  timeoutMs: number;
  connections?: number;
  /** Idle keep-alive sockets are closed after this; keep it under the server's own limit. */
  keepAliveTimeoutMs?: number;
  maxResponseBytes?: number;
}

export interface JsonClient {
  request(request: JsonRequest): Promise<JsonResponse>;
  close(): Promise<void>;
}

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * JSON over one keep-alive connection pool per origin (undici). Every call has a deadline; a
 * 5xx, a broken connection or a 2xx that is not JSON is an OutboundError saying whether the
 * request reached the other side; 4xx answers are returned for the caller to read.
 */
export function createJsonClient(baseUrl: string, options: JsonClientOptions): JsonClient {
  const url = new URL(baseUrl);
  const prefix = url.pathname.replace(/\/+$/, '');
  const { service, timeoutMs, maxResponseBytes = 1 << 20 } = options;
  const pool = new Pool(url.origin, {
    connections: options.connections ?? 32,
    // HTTP/1.1 only (undici would negotiate HTTP/2 with a TLS server that offers it): then
    // `connections` bounds the calls in flight, and a lost connection takes no other call with it.
    allowH2: false,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const fail = (kind: OutboundFailure, reached: Reach, detail: string, status?: number, cause?: unknown) =>
    new OutboundError(service, kind, reached, detail, status, { cause });

  // The caller's deadline, else the client's own; undici's timeouts bound each phase besides.
  function request(call: JsonRequest): Promise<JsonResponse> {
    if (call.signal) return exchange(call, call.signal);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DeadlineError(timeoutMs)), timeoutMs);
    return exchange(call, controller.signal).finally(() => clearTimeout(timer));
  }

  async function exchange({ method, path, headers = {}, body }: JsonRequest, signal: AbortSignal): Promise<JsonResponse> {
    const sent = body === undefined ? undefined : JSON.stringify(body);
    let answer;
    try {
      answer = await pool.request({
        method,
        path: `${prefix}${path}`,
        headers: sent === undefined ? { accept: 'application/json', ...headers } : { accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: sent,
        signal,
      });
    } catch (error) {
      throw classify(error, signal.aborted);
    }
    let text: string;
    try {
      text = await readText(answer.body, maxResponseBytes);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw classify(error, signal.aborted, 'yes');
    }
    const status = answer.statusCode;
    if (status >= 500) throw fail('server_error', 'yes', `answered ${status}`, status);
    const parsed = parseJson(text);
    if (status >= 200 && status < 300 && parsed === undefined) throw fail('malformed', 'yes', 'answer is not JSON', status);
    if (status >= 300 && status < 400) throw fail('malformed', 'yes', `unexpected redirect ${status}`, status);
    return { status, body: parsed };
  }

  function classify(error: unknown, aborted: boolean, reached: Reach = 'maybe'): OutboundError {
    const code = (error as { code?: string } | null)?.code ?? '';
    if (NOT_CONNECTED.has(code)) return fail('unreachable', 'no', code, undefined, error);
    if (aborted || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return fail('timeout', reached, `no whole answer within ${timeoutMs} ms`, undefined, error);
    }
    return fail('connection_lost', reached, code || String(error), undefined, error);
  }

  async function readText(stream: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > limit) {
        stream.destroy();
        throw fail('malformed', 'yes', `answer larger than ${limit} bytes`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  // Closed once, however many owners close it (a service's shutdown and its tests' both do).
  let closed: Promise<void> | undefined;
  // Traced, each call is a client span whose traceparent goes with the request.
  return { request: tracingOn() ? tracedRequests(service, url, request) : request, close: () => (closed ??= pool.close()) };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
