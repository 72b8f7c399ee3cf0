import { createServer, request, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExecutionResult } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFastStream } from '../../src/graphql/fast-stream.js';
import { fromNode } from '../../src/http/node-adapter.js';
import { createLogger } from '../../src/platform/logger.js';

/** Results pushed by the test, as a subscription gives them; `returned` says whether it was let go. */
function results() {
  const queue: ExecutionResult[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const state = { returned: 0 };
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      while (!queue.length && !ended) await new Promise<void>((resolve) => (wake = resolve));
      return queue.length ? { done: false, value: queue.shift()! } : { done: true, value: undefined };
    },
    async return() {
      state.returned += 1;
      ended = true;
      wake?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return {
    iterator,
    state,
    push(value: ExecutionResult) {
      queue.push(value);
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
  };
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve())));

async function serve(getResultForParams: () => Promise<unknown>) {
  const yoga = { getResultForParams: vi.fn(getResultForParams) };
  const streamDirectly = createFastStream({ yoga: yoga as never, log: createLogger('silent'), keepAliveMs: 60_000 });
  server = createServer(async (req, res) => {
    const plain = fromNode(req);
    const body: unknown = JSON.parse(await plain.text(10_000));
    if (!(await streamDirectly(req.url ?? '/', plain, body, res, {}))) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A subscriber: what it has read so far, and its request (to leave with). */
  const subscribe = (token = 'Bearer a') => {
    let body = '';
    const req: ClientRequest = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: token },
    });
    const answer = new Promise<IncomingMessage>((resolve) => req.on('response', resolve));
    void answer.then((res) => res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)));
    req.on('error', () => {});
    req.end(JSON.stringify({ query: 'subscription { ticks }' }));
    return { req, answer, read: () => body, leave: () => req.destroy() };
  };
  return { yoga, subscribe };
}

const nexts = (body: string) => [...body.matchAll(/event: next\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1]!));

describe('subscriptions served directly as event streams', () => {
  it('when two ask the same with the same token, then one operation serves both, the one joining getting the last event first', async () => {
    const source = results();
    const { yoga, subscribe } = await serve(async () => source.iterator);
    const first = subscribe();
    await first.answer;
    source.push({ data: { ticks: 1 } });
    await expect.poll(() => nexts(first.read())).toEqual([{ data: { ticks: 1 } }]);

    const second = subscribe();
    await expect.poll(() => nexts(second.read())).toEqual([{ data: { ticks: 1 } }]);
    source.push({ data: { ticks: 2 } });

    await expect.poll(() => nexts(first.read())).toHaveLength(2);
    await expect.poll(() => nexts(second.read())).toEqual([{ data: { ticks: 1 } }, { data: { ticks: 2 } }]);
    expect(yoga.getResultForParams).toHaveBeenCalledTimes(1);
  });

  it('when another token asks the same, then it gets an operation of its own', async () => {
    const sources = [results(), results()];
    let n = 0;
    const { yoga, subscribe } = await serve(async () => sources[n++]!.iterator);
    await subscribe('Bearer a').answer;
    await subscribe('Bearer b').answer;

    expect(yoga.getResultForParams).toHaveBeenCalledTimes(2);
  });

  it('when the last subscriber leaves, then the results are let go, and the next one asking begins anew', async () => {
    const sources = [results(), results()];
    let n = 0;
    const { yoga, subscribe } = await serve(async () => sources[n++]!.iterator);
    const [a, b] = [subscribe(), subscribe()];
    await Promise.all([a.answer, b.answer]);
    a.leave();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sources[0]!.state.returned).toBe(0);

    b.leave();
    await expect.poll(() => sources[0]!.state.returned).toBe(1);
    await subscribe().answer;
    expect(yoga.getResultForParams).toHaveBeenCalledTimes(2);
  });

  it('when the subscriber leaves while its operation runs, then the results it gets are let go', async () => {
    const source = results();
    let answer!: () => void;
    const { subscribe } = await serve(() => new Promise((resolve) => (answer = () => resolve(source.iterator))));
    const gone = subscribe();
    await expect.poll(() => answer).toBeDefined();
    gone.leave();
    await new Promise((resolve) => setTimeout(resolve, 50));

    answer();

    await expect.poll(() => source.state.returned).toBe(1);
  });

  it('when the results end, then every subscriber gets complete and its stream ends', async () => {
    const source = results();
    const { subscribe } = await serve(async () => source.iterator);
    const subscribers = [subscribe()];
    const answers = [await subscribers[0]!.answer];
    subscribers.push(subscribe());
    answers.push(await subscribers[1]!.answer);

    source.push({ data: { ticks: 1 } });
    source.end();

    await Promise.all(answers.map((res) => new Promise((resolve) => res.on('end', resolve))));
    for (const s of subscribers) expect(s.read()).toMatch(/^:\n\nevent: next\ndata: \{"data":\{"ticks":1\}\}\n\nevent: complete\ndata:\n\n$/);
  });
});
