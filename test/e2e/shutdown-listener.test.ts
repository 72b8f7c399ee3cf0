import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import { createListener, type Listener } from '../../src/platform/listener.js';
import { refuse } from '../../src/http/responses.js';
import { refuseUpgrade } from '../../src/http/upgrade.js';

// Long enough that none of node's own deadlines closes a connection during a test.
const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 60_000, storeMs: 1_000 };
const GET = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

let listener: Listener | undefined;
afterEach(() => {
  listener?.closeAllConnections();
  listener?.close();
});

async function listen(handleNode: Handler, idleGraceMs = 0, handleUpgrade?: () => Promise<void>): Promise<number> {
  // The app's refusal of a late upgrade, as the router makes it.
  const refuseClosingUpgrade = (socket: Duplex) => refuseUpgrade(socket, refuse('SHUTTING_DOWN'));
  listener = createListener({ handleNode, handleUpgrade, refuseClosingUpgrade } as never, {}, TIMEOUTS, Infinity, idleGraceMs);
  await new Promise<void>((resolve) => listener!.listen(0, '127.0.0.1', resolve));
  return (listener.address() as AddressInfo).port;
}

/** A connection to the listener, with what it received so far and once the server closed it. */
function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const arrivals: Array<() => void> = [];
  socket.on('data', (chunk) => {
    received += chunk;
    arrivals.splice(0).forEach((arrived) => arrived());
  });
  const refused = new Promise<string | undefined>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    socket.on('connect', () => resolve(undefined));
  });
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  /** Resolves once what was received contains `text`. */
  const receivedText = async (text: string) => {
    while (!received.includes(text)) await new Promise<void>((resolve) => arrivals.push(resolve));
    return received;
  };
  return { socket, closed, refused, receivedText };
}

/** Once the listener takes no more connections. */
async function untilRefused(port: number) {
  for (;;) {
    const probe = open(port);
    const refused = await probe.refused;
    probe.socket.destroy();
    if (refused === 'ECONNREFUSED') return;
  }
}

describe('closing the listener gracefully', () => {
  const heads: Array<[string, (res: ServerResponse) => void]> = [
    ['with writeHead and headers', (res) => res.writeHead(200, { 'content-length': 2 }).end('ok')],
    ['with writeHead, a status message and headers, as yoga does', (res) => res.writeHead(200, 'OK', { 'content-length': 2 }).end('ok')],
    ['with the head node writes by itself', (res) => res.end('ok')],
  ];
  it.each(heads)('when a request is in flight as the close begins, then its answer (%s) says Connection: close and its connection ends after it', async (_, answer) => {
    const handling = gate();
    const release = gate();
    const port = await listen(async (_req, res) => {
      handling.open();
      await release.opened;
      answer(res);
    });
    const client = open(port);
    client.socket.write(GET);
    await handling.opened;

    const closing = listener!.closeGracefully(60_000);
    await untilRefused(port);
    release.open();

    const received = await client.closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toMatch(/\r\n\r\nok$/);
    expect(await closing).toEqual({ cut: false });
  });

  it('when requests are pipelined on a connection as the close begins, then each is answered before it closes', async () => {
    const release = gate();
    let handling = 0;
    const bothHandled = gate();
    const port = await listen(async (_req, res) => {
      if ((handling += 1) === 2) bothHandled.open();
      await release.opened;
      res.end('ok');
    });
    const client = open(port);
    client.socket.write(GET + GET);
    await bothHandled.opened;

    const closing = listener!.closeGracefully(60_000);
    await untilRefused(port);
    release.open();

    expect((await client.closed).match(/HTTP\/1\.1 200 OK\r\n/g)).toHaveLength(2);
    expect(await closing).toEqual({ cut: false });
  });

  it('when a keep-alive connection is idle as the close begins, then it is closed at once, and new connections are refused', async () => {
    const port = await listen(async (_req, res) => void res.end('ok'));
    const client = open(port);
    client.socket.write(GET);
    const first = await client.receivedText('\r\n\r\nok');

    const closing = listener!.closeGracefully(60_000);

    expect(first).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(await client.closed).toBe(first);
    expect(await closing).toEqual({ cut: false });
    expect(await open(port).refused).toBe('ECONNREFUSED');
  });

  it('when a request has arrived but is not read yet as the close begins, then it is answered, with Connection: close', async () => {
    const port = await listen(async (_req, res) => void res.end('ok'));
    const client = open(port);
    client.socket.write(GET);
    await client.receivedText('\r\n\r\nok');
    // In the server's socket now, read on the event loop's next turn: until then, its connection looks idle.
    client.socket.write(GET);

    const closing = listener!.closeGracefully(60_000);

    const [first, second] = (await client.closed).split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(second).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(await closing).toEqual({ cut: false });
  });

  it('when a keep-alive connection idle as the close begins sends a request within the idle grace, then it is answered rather than closed under it, with Connection: close, and its connection ends after it', async () => {
    const port = await listen(async (_req, res) => void res.end('ok'), 60_000);
    const client = open(port);
    client.socket.write(GET);
    const first = await client.receivedText('\r\n\r\nok');

    const closing = listener!.closeGracefully(60_000);
    client.socket.write(GET);

    const [, second] = (await client.closed).split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(second).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(await closing).toEqual({ cut: false });
  });

  it('when a WebSocket upgrade comes once the close has begun, then it is refused with SHUTTING_DOWN, whose stream would be cut', async () => {
    let upgrades = 0;
    const port = await listen(async (_req, res) => void res.end('ok'), 60_000, async () => void (upgrades += 1));
    const client = open(port);
    await client.refused;

    const closing = listener!.closeGracefully(60_000);
    client.socket.write('GET /graphql HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');

    const [head, body] = (await client.closed).split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(new RegExp(`\r\nretry-after: ${ERROR_TABLE.SHUTTING_DOWN.headers['retry-after']}\r\n`, 'i'));
    expect(JSON.parse(body!)).toEqual({ code: 'SHUTTING_DOWN', message: ERROR_TABLE.SHUTTING_DOWN.message });
    expect(upgrades).toBe(0);
    expect(await closing).toEqual({ cut: false });
  });

  it('when a connection stays silent past the idle grace, then it is closed, unanswered, and the close ends', async () => {
    const port = await listen(async (_req, res) => void res.end('ok'), 50);
    const client = open(port);
    await client.refused;

    const closing = listener!.closeGracefully(60_000);

    expect(await client.closed).toBe('');
    expect(await closing).toEqual({ cut: false });
  });

  it('when a connection has sent nothing yet as the close begins, then it is closed at once', async () => {
    const port = await listen(async (_req, res) => void res.end('ok'));
    const client = open(port);
    await client.refused;

    const closing = listener!.closeGracefully(60_000);

    expect(await client.closed).toBe('');
    expect(await closing).toEqual({ cut: false });
  });

  it('when an answer’s head went out before the close and its end after, then its connection is closed once the answer ends', async () => {
    const release = gate();
    const port = await listen(async (_req, res) => {
      res.writeHead(200, { 'content-length': 4 }).write('ok');
      await release.opened;
      res.end('ok');
    });
    const client = open(port);
    client.socket.write(GET);
    await client.receivedText('\r\n\r\nok');

    const closing = listener!.closeGracefully(60_000);
    await untilRefused(port);
    release.open();

    expect(await client.closed).toMatch(/\r\n\r\nokok$/);
    expect(await closing).toEqual({ cut: false });
  });

  it('when a client holds a request open past the timeout, then its connection is cut then, unanswered', async () => {
    const handling = gate();
    const port = await listen((req) => {
      handling.open();
      return new Promise((resolve) => req.on('end', resolve).resume());
    });
    const client = open(port);
    client.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{');
    await handling.opened;

    const closing = listener!.closeGracefully(200);

    expect(await closing).toEqual({ cut: true });
    expect(await client.closed).toBe('');
  });
});
