import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.js';
import { restBody, SECRET, signTestToken } from '../support/service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'orders-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ORDERS = 60;

describe('a graceful shutdown', { timeout: 120_000 }, () => {
  it('when SIGTERM comes under load, then /readyz turns 503, requests in flight finish, every acknowledged order is kept, and the process exits', async () => {
    const env = { AUTH_JWT_SECRET: SECRET, SHUTDOWN_DELAY_MS: '1000', SHUTDOWN_TIMEOUT_MS: '5000' };
    const headers = { authorization: `Bearer ${await signTestToken()}`, 'content-type': 'application/json' };
    const server = await startServerProcess(env, { dataDir });
    const create = () =>
      fetch(`${server.base}/applications/orders`, { method: 'POST', headers, body: JSON.stringify(restBody()) }).then(
        async (r) => ({ status: r.status, id: r.ok ? ((await r.json()) as { id: number }).id : undefined }),
        () => ({ status: 0, id: undefined }),
      );

    const inFlight = Array.from({ length: ORDERS }, create);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    // The signal is handled on the server's next turn: asked a moment later, /readyz has turned.
    let readiness = 200;
    for (let i = 0; i < 20 && readiness === 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      readiness = await fetch(`${server.base}/readyz`).then((r) => r.status, () => 0);
    }
    const answers = await Promise.all(inFlight);
    const [code] = await exited;

    expect(readiness).toBe(503);
    expect(code).toBe(0);
    // Each request was answered with its order, or refused before anything was made: never a 5xx.
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const acknowledged = answers.flatMap((a) => (a.status === 200 ? [a.id!] : []));
    expect(acknowledged.length).toBeGreaterThan(0);

    const again = await startServerProcess(env, { dataDir });
    const missing = [];
    for (const id of acknowledged) {
      const found = await fetch(`${again.base}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: 'query($id: ID!) { order(id: $id) { id } }', variables: { id: String(id) } }),
      }).then((r) => r.json() as Promise<{ data?: { order: { id: string } | null } }>);
      if (!found.data?.order) missing.push(id);
    }
    await again.stop();
    expect(missing).toEqual([]);
  });
});
