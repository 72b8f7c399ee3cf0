import { Agent, request, type ClientRequest } from 'node:http';
import { eventStreamReader } from './sse.js';

// Streams opened at once while subscribing: more would overflow the service's listen backlog.
const OPENING_AT_ONCE = 200;
const FIRST_EVENT_WITHIN_MS = 60_000;
const ORDER_UPDATED = 'subscription($id: ID!){ orderUpdated(id: $id){ id status pendingStatus updatedAt } }';
const UPDATED_AT = /"updatedAt":"([^"]+)"/;

/** An event after the first: the order's `updatedAt` (the change's time at the service) and when it came, epoch ms. */
export type OnChange = (orderId: number, updatedAtMs: number, arrivedMs: number) => void;

export interface OpenStreams {
  /** From each stream's request to its first event (the order as it is), ms. */
  firstEventMs: number[];
  /** Streams that ended or failed after their first event, before they were closed. */
  readonly lost: number;
  /** Events that carried errors instead of an order. */
  readonly errors: number;
  close(): void;
}

/**
 * `count` subscriptions to `orderUpdated` over GraphQL over SSE (distinct connections: one POST
 * with `Accept: text/event-stream` and one connection each), the i-th watching `orderIds[i % n]`;
 * resolves once every one has had its first event.
 */
export async function openStreams(url: string, token: string, orderIds: number[], count: number, onChange: OnChange): Promise<OpenStreams> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: ClientRequest[] = [];
  const state = { lost: 0, errors: 0, closing: false };
  const firstEventMs: number[] = [];

  const open = (orderId: number) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      let first = true;
      const fail = (why: string) => {
        if (first) reject(new Error(`subscription to order ${orderId}: ${why}`));
        else if (!state.closing) state.lost += 1;
        first = false;
      };
      const timer = setTimeout(() => fail(`no first event within ${FIRST_EVENT_WITHIN_MS / 1000} s`), FIRST_EVENT_WITHIN_MS);
      const read = eventStreamReader(({ event, data }) => {
        if (event !== 'next') return;
        if (data.includes('"errors"')) {
          state.errors += 1;
          return fail(`an error event: ${data.slice(0, 300)}`);
        }
        if (first) {
          first = false;
          clearTimeout(timer);
          firstEventMs.push(performance.now() - started);
          return resolve();
        }
        const updatedAt = UPDATED_AT.exec(data)?.[1];
        if (updatedAt) onChange(orderId, Date.parse(updatedAt), Date.now());
      });
      const req = request(`${url}/graphql`, {
        method: 'POST',
        agent,
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      requests.push(req);
      req.on('response', (res) => {
        res.setEncoding('utf8');
        const streaming = res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/event-stream');
        let refusal = '';
        res.on('data', (chunk: string) => (streaming ? read(chunk) : (refusal += chunk)));
        res.on('end', () => fail(streaming ? 'the stream ended' : `answered ${res.statusCode}: ${refusal.slice(0, 300)}`));
        res.on('error', (error) => fail(error.message));
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        fail(error.message);
      });
      req.end(JSON.stringify({ query: ORDER_UPDATED, variables: { id: String(orderId) } }));
    });

  const close = () => {
    state.closing = true;
    for (const req of requests) req.destroy();
    agent.destroy();
  };
  let next = 0;
  const opener = async () => {
    while (next < count) {
      const i = next++;
      await open(orderIds[i % orderIds.length]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, count) }, opener));
  } catch (error) {
    close();
    throw error;
  }
  return {
    firstEventMs,
    get lost() {
      return state.lost;
    },
    get errors() {
      return state.errors;
    },
    close,
  };
}
