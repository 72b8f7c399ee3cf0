import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenEventStream } from '../../src/http/event-stream.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose one answer is an open event stream, handed to `use`; and a client that does not read it yet. */
async function openStream(use: (stream: OpenEventStream) => void): Promise<IncomingMessage> {
  server = createServer((_req, res) => use(new OpenEventStream(res, 60_000, {})));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => request({ port, host: '127.0.0.1' }, resolve).end());
}

const event = (n: number) => `event: next\ndata: {"n":${n},"pad":"${'x'.repeat(64 * 1024)}"}\n\n`;

describe('an open event stream', () => {
  it('when the client reads nothing for a while, then it gets, once it reads, the events it had room for and then the latest, whole', async () => {
    let stream!: OpenEventStream;
    const answer = await openStream((s) => (stream = s));
    answer.pause();
    // Far more than the socket's buffers hold.
    let n = 0;
    while (!stream.behind) stream.send(event(++n));
    for (let i = 0; i < 50; i++) stream.send(event(++n));
    const latest = n;
    stream.end('event: complete\ndata:\n\n');

    let body = '';
    answer.setEncoding('utf8');
    answer.on('data', (chunk: string) => (body += chunk));
    answer.resume();
    await new Promise((resolve) => answer.on('end', resolve));

    const received = [...body.matchAll(/data: \{"n":(\d+),"pad":"x+"\}\n\n/g)].map((m) => Number(m[1]));
    expect(received.length).toBeLessThan(latest);
    expect(received.at(-1)).toBe(latest);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(body.startsWith(':\n\n')).toBe(true);
    expect(body.endsWith('event: complete\ndata:\n\n')).toBe(true);
  });

  it('when the client keeps up, then it gets every event in order', async () => {
    const answer = await openStream((stream) => {
      for (let n = 1; n <= 20; n++) stream.send(`event: next\ndata: ${n}\n\n`);
      stream.end();
    });
    let body = '';
    answer.setEncoding('utf8');
    answer.on('data', (chunk: string) => (body += chunk));
    await new Promise((resolve) => answer.on('end', resolve));

    expect([...body.matchAll(/data: (\d+)/g)].map((m) => Number(m[1]))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
