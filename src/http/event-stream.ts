import type { ServerResponse } from 'node:http';
import { SSE_PING, withKeepAlive } from './keep-alive.js';
import type { PlainResponse } from './plain.js';

/** An answer that stays open: Server-Sent Events, each already written as the protocol's text. */
export interface EventStream {
  /** Each event's text; the same bytes may be handed to many streams at once. */
  events: AsyncIterableIterator<string | Uint8Array>;
  /** A comment is sent whenever the stream has been quiet this long. */
  keepAliveMs: number;
}

export const isEventStream = (answer: PlainResponse | EventStream): answer is EventStream => 'events' in answer;

export const STREAM_HEADERS = {
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
      else controller.enqueue(typeof value === 'string' ? encoder.encode(value) : value);
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

/** An event's bytes, or its text. */
export type EventBytes = string | Uint8Array;

/**
 * An event stream open on node's response. Events are written straight to the socket (no web
 * stream in between: with thousands of streams open, an event's trip through one cost more than
 * the event itself). A client that has not read what it was sent gets only the latest event once
 * it has: each event of these streams is a whole state, and the ones between are stale. A comment
 * opens the body, since some browsers wait for its first bytes before they show the stream.
 */
export class OpenEventStream {
  private waiting: EventBytes | null = null;
  private blocked = false;
  private readonly quiet: KeepAlive;

  constructor(
    readonly res: ServerResponse,
    keepAliveMs: number,
    headers: Record<string, string>,
  ) {
    res.writeHead(200, { ...STREAM_HEADERS, ...headers });
    res.write(SSE_PING);
    const quiet = (this.quiet = keptAlive(res, keepAliveMs));
    res.once('close', () => quiet.stop());
  }

  /** Whether the client is behind: what is sent now waits, and replaces what was waiting. */
  get behind(): boolean {
    return this.blocked;
  }

  send(event: EventBytes): void {
    this.quiet.wrote();
    if (this.blocked) {
      this.waiting = event;
      return;
    }
    if (!this.res.write(event)) {
      this.blocked = true;
      this.res.once('drain', this.drained);
    }
  }

  /** Resolves once the client has caught up, or left. */
  caughtUp(): Promise<void> {
    if (!this.blocked || this.res.destroyed) return Promise.resolve();
    return new Promise((resolve) => (this.res.once('drain', resolve), this.res.once('close', resolve)));
  }

  /** Ends the stream, after what waits and `last`. */
  end(last?: EventBytes): void {
    this.quiet.stop();
    this.res.off('drain', this.drained);
    if (this.waiting !== null && !this.res.destroyed) this.res.write(this.waiting);
    this.waiting = null;
    if (last === undefined) this.res.end();
    else this.res.end(last);
  }

  private readonly drained = () => {
    this.blocked = false;
    const event = this.waiting;
    this.waiting = null;
    if (event !== null) this.send(event);
  };
}

/** Writes the stream on node's response until the events end or the client leaves; then ends it. */
export async function sendEventStreamNode(res: ServerResponse, stream: EventStream, headers: Record<string, string> = {}): Promise<void> {
  const open = new OpenEventStream(res, stream.keepAliveMs, headers);
  res.once('close', () => void stream.events.return?.().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await stream.events.next();
      if (done || res.destroyed) break;
      open.send(value);
      // A slow reader holds the events back: the watch reads the order again once it catches up.
      await open.caughtUp();
    }
  } catch {
    // The events failed: the stream ends, and the client comes back.
  } finally {
    open.end();
  }
}

interface KeepAlive {
  wrote(): void;
  stop(): void;
}

/** The open streams of one keep-alive interval, each with whether it wrote since the last tick. */
interface Pinger {
  streams: Map<ServerResponse, boolean>;
  timer: NodeJS.Timeout;
}
const pingers = new Map<number, Pinger>();

/**
 * Keeps `res` from staying quiet longer than `ms`: one timer for every stream of an interval,
 * ticking twice per interval, pings those that wrote nothing since the tick before (a timer per
 * stream, re-armed at each event, cost as much as writing the event). Quiet, a stream hears one
 * comment an interval; after an event, the first comes within an interval.
 */
function keptAlive(res: ServerResponse, ms: number): KeepAlive {
  let pinger = pingers.get(ms);
  if (!pinger) {
    const streams = new Map<ServerResponse, boolean>();
    const timer = setInterval(() => {
      for (const [stream, wrote] of streams) {
        if (!wrote) stream.write(SSE_PING);
        // A ping counts as a write: a quiet stream is pinged once an interval.
        streams.set(stream, !wrote);
      }
    }, ms / 2).unref();
    pingers.set(ms, (pinger = { streams, timer }));
  }
  const { streams } = pinger;
  streams.set(res, true);
  return {
    wrote: () => void streams.set(res, true),
    stop() {
      streams.delete(res);
      if (streams.size === 0 && pingers.get(ms) === pinger) {
        clearInterval(pinger!.timer);
        pingers.delete(ms);
      }
    },
  };
}
