import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.js';
import { SECRET, signTestToken } from '../support/service.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

/** A socket to the server; resolves with what the server sent once it closes the connection. */
function open(server: Server): { socket: Socket; closed: Promise<string> } {
  const { hostname, port } = new URL(server.base);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

describe('the listener’s deadlines', { timeout: 60_000 }, () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServerProcess({
      AUTH_JWT_SECRET: SECRET,
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    });
  }, 60_000);
  afterAll(() => server?.stop());

  it('when 500 sockets each send half a request header and stop, then every one is closed with 408', async () => {
    const sockets = Array.from({ length: 500 }, () => open(server));
    for (const { socket } of sockets) socket.write('POST /applications/orders HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const answers = await Promise.all(sockets.map((s) => s.closed));
    expect(answers.filter((a) => a.startsWith('HTTP/1.1 408')).length).toBe(500);
  });

  it('when a body trickles in slower than the request deadline, then the connection is closed', async () => {
    const { socket, closed } = open(server);
    const token = await signTestToken();
    socket.write(`POST /applications/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    const drip = setInterval(() => socket.write(' '), 300);
    const answer = await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('when a keep-alive connection goes idle, then it is closed', async () => {
    const { socket, closed } = open(server);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await closed).toMatch(/^HTTP\/1\.1 200/);
  });

  it('when the server has cut off slow clients, then it still answers', async () => {
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  });
});
