import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/settings.js';
import { loadConfig } from '../../../src/service/config.js';
import { openStore } from '../../../src/platform/store/open-store.js';
import { StoreUnavailableError } from '../../../src/platform/errors.js';
import { SECRET } from '../../support/service.js';

// None of these needs a PostgreSQL server: they are about not finding one.
const ROOT = new URL('../../../', import.meta.url).pathname;

const listening = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

/** A port on which nothing listens: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const open = (url: string) => openStore(loadConfig({ DATABASE_URL: url })).then(
  () => undefined,
  (error: unknown) => error,
);

describe('opening PostgreSQL at DATABASE_URL', () => {
  // Accepts connections and never says a word, like a server behind a firewall that drops packets.
  const silent = createServer((socket) => sockets.push(socket));
  const sockets: Socket[] = [];
  let silentPort: number;
  beforeAll(async () => {
    silentPort = await listening(silent);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.destroy());
    await new Promise((resolve) => silent.close(resolve));
  });

  it('when nothing listens there, then it fails at once, naming the server and "connection refused"', async () => {
    const port = await closedPort();
    const error = await open(`postgres://postgres:hunter2@127.0.0.1:${port}/orders`);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toBe(`cannot reach PostgreSQL at 127.0.0.1:${port}: connection refused`);
  });

  it('when the server never answers, then it gives up after the connect timeout instead of hanging', async () => {
    const error = await open(`postgres://postgres@127.0.0.1:${silentPort}/orders`);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error as Error).message).toBe(`cannot reach PostgreSQL at 127.0.0.1:${silentPort}: no answer within 2 s`);
  });

  it('when DATABASE_URL is not a URL, then it is a configuration error that does not repeat the password', async () => {
    const error = await open('postgres://postgres:hunter2@127.0.0.1:notaport/orders');
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^DATABASE_URL /);
    expect((error as Error).message).not.toContain('hunter2');
  });
});

describe('starting the service against an unreachable DATABASE_URL', () => {
  it('exits with code 1 and one line that names the server, without a stack', { timeout: 30_000 }, async () => {
    const port = await closedPort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/orders`, AUTH_JWT_SECRET: SECRET, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));

    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`Could not start: cannot reach PostgreSQL at 127.0.0.1:${port}: connection refused`);
  });
});
