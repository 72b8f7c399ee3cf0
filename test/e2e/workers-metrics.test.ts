import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onEngine, postgres } from '../support/engines.js';
import { freePort, startServerProcess } from '../support/server-process.js';
import { restBody, SECRET, signTestToken } from '../support/service.js';

type Server = Awaited<ReturnType<typeof startServerProcess>>;

const ORDERS = 24;
const WORKERS = 2;

/** The orders counted as made, in Prometheus' text; 0 when none were. */
function ordersMade(text: string): number {
  const line = text.split('\n').find((l) => l.startsWith('orders_create_outcomes_total{code="OK"}'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/**
 * `ORDERS` orders, each on a connection of its own: node:cluster hands connections out in turn,
 * so every worker makes some.
 */
async function createOrders(server: Server) {
  const headers = { authorization: `Bearer ${await signTestToken()}`, 'content-type': 'application/json', connection: 'close' };
  const statuses = await Promise.all(
    Array.from({ length: ORDERS }, () =>
      fetch(`${server.base}/applications/orders`, { method: 'POST', headers, body: JSON.stringify(restBody()) }).then((r) => r.status),
    ),
  );
  expect(statuses.every((s) => s === 200)).toBe(true);
}

describe.skipIf(postgres.skip !== null)(`metrics with WORKERS=${WORKERS}, ${onEngine(postgres)}`, { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
  });

  const start = async (env: Record<string, string> = {}) => {
    const server = await startServerProcess({ DATABASE_URL: database.url, AUTH_JWT_SECRET: SECRET, WORKERS: String(WORKERS), ...env });
    servers.push(server);
    // Ready once one worker answers; the primary says so when all of them listen.
    while (!server.output().includes('GraphiQL:')) await new Promise((resolve) => setTimeout(resolve, 50));
    return server;
  };

  it('when METRICS_PORT is set, then every scrape of it counts the orders of all the workers', async () => {
    const metricsPort = await freePort();
    const server = await start({ METRICS_PORT: String(metricsPort) });
    await createOrders(server);
    for (let scrape = 0; scrape < 4; scrape += 1) {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { connection: 'close' } });
      expect(response.status).toBe(200);
      expect(ordersMade(await response.text())).toBe(ORDERS);
    }
    // The port is the primary's alone: the service's own port still refuses the metrics without a token.
    expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
  });

  it('when the metrics are on the service port, then every worker answers a scrape with the orders of all of them', async () => {
    const server = await start();
    await createOrders(server);
    const authorization = `Bearer ${await signTestToken({ sub: 'prometheus', scope: 'metrics:read' })}`;
    for (let scrape = 0; scrape < 4; scrape += 1) {
      const response = await fetch(`${server.base}/metrics`, { headers: { authorization, connection: 'close' } });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(ordersMade(text)).toBe(ORDERS);
      // The requests are summed as well.
      expect(text).toMatch(/orders_http_request_duration_seconds_count\{face="rest",operation="createOrder",code="OK"\} 24\n/);
    }
  });

  it("when a worker stops answering, then a scrape gets a 500 in seconds, the service lives, and scrapes count again once it answers", async () => {
    const metricsPort = await freePort();
    const server = await start({ METRICS_PORT: String(metricsPort) });
    await createOrders(server);
    const scrape = () => fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { connection: 'close' } });
    const [worker] = execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' }).trim().split('\n');
    process.kill(Number(worker), 'SIGSTOP');
    try {
      const stuck = await scrape();
      expect(stuck.status).toBe(500);
      expect((await stuck.json()).code).toBe('INTERNAL');
    } finally {
      process.kill(Number(worker), 'SIGCONT');
    }
    const answered = await scrape();
    expect(answered.status).toBe(200);
    expect(ordersMade(await answered.text())).toBe(ORDERS);
  });
});
