import type { ServerResponse } from 'node:http';
import { withKeepAlive } from './keep-alive.js';
import type { PlainResponse } from './plain.js';

/** An answer that stays open: Server-Sent Events, each already written as the protocol's text. */
export interface EventStream {
  events: AsyncIterableIterator<string>;
  /** A comment is sent whenever the stream has been quiet this long. */
  keepAliveMs: number;
}

export const isEventStream = (answer: PlainResponse | EventStream): answer is EventStream => 'events' in answer;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // nginx and others buffer answers unless told otherwise: events would arrive in lumps.
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

function body(stream: EventStream): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const events = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await stream.events.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await stream.events.return?.();
    },
  });
  return withKeepAlive(events, stream.keepAliveMs);
}

/** The stream as a fetch Response: it ends when the events do, or when the reader cancels it. */
export function eventStreamResponse(stream: EventStream, extra: Record<string, string> = {}): Response {
  return new Response(body(stream), { status: 200, headers: { ...STREAM_HEADERS, ...extra } });
}

/** Writes the stream on node's response until the events end or the client leaves; then ends it. */
export async function sendEventStreamNode(res: ServerResponse, stream: EventStream, extra: Record<string, string> = {}): Promise<void> {
  const reader = body(stream).getReader();
  res.writeHead(200, { ...STREAM_HEADERS, ...extra });
  res.flushHeaders();
  res.once('close', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      // A slow reader holds the events back: the watch reads the order again once it catches up.
      if (!res.write(value)) await new Promise((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
    }
  } catch {
    // The events failed: the stream ends, and the client comes back.
  } finally {
    res.end();
  }
}
