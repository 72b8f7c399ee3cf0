import type { Dispatcher } from 'undici';
import { DeadlineError } from '../deadline.js';

export interface PostRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The whole exchange: waiting for a connection, connecting, sending, the answer's last byte. */
  timeoutMs: number;
  maxResponseBytes: number;
}

/** What came of one POST, before any reading of the answer. */
export type Exchange =
  | { kind: 'answer'; status: number; body: Buffer }
  | { kind: 'too-large'; status: number }
  /** `written`: undici had started writing the request on a connection. */
  | { kind: 'failed'; error: Error; written: boolean }
  | { kind: 'timeout'; written: boolean };

/**
 * Sends one POST through the pool and never again. The deadline is our own timer, not undici's:
 * undici only honours an abort once the request holds a connection, and the answer must come on
 * time whatever the pool is doing. A request still waiting for a connection when the deadline
 * passes is cancelled at the moment it would be written, so it never reaches the other side.
 */
export function postOnce(dispatcher: Dispatcher, request: PostRequest): Promise<Exchange> {
  return new Promise((resolve) => {
    let settled = false;
    let written = false;
    let status = 0;
    let size = 0;
    const chunks: Buffer[] = [];
    let controller: Dispatcher.DispatchController | null = null;

    const finish = (exchange: Exchange) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(exchange);
    };
    const timer = setTimeout(() => {
      finish({ kind: 'timeout', written });
      controller?.abort(new DeadlineError(request.timeoutMs));
    }, request.timeoutMs);

    const handler: Dispatcher.DispatchHandler = {
      // Called on a connected socket just before the request is written to it.
      onRequestStart(c) {
        controller = c;
        if (settled) return c.abort(new DeadlineError(request.timeoutMs));
        written = true;
      },
      onResponseStart(_c, statusCode) {
        status = statusCode;
      },
      onResponseData(c, chunk) {
        size += chunk.length;
        if (size > request.maxResponseBytes) {
          finish({ kind: 'too-large', status });
          return c.abort(new Error('the upstream answer is too large'));
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        finish({ kind: 'answer', status, body: Buffer.concat(chunks) });
      },
      onResponseError(_c, error) {
        finish({ kind: 'failed', error, written });
      },
    };

    try {
      dispatcher.dispatch(
        { path: request.path, method: 'POST', headers: request.headers, body: request.body, idempotent: false },
        handler,
      );
    } catch (error) {
      finish({ kind: 'failed', error: error as Error, written });
    }
  });
}
