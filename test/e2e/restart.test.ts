import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process.js';
import { restBody, SECRET, signTestToken } from '../support/service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'orders-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded store across restarts', { timeout: 120_000 }, () => {
  it('when the process is killed right after answering, then the order is there on restart', async () => {
    const env = { AUTH_JWT_SECRET: SECRET };
    const headers = { authorization: `Bearer ${await signTestToken()}`, 'content-type': 'application/json' };
    const first = await startServerProcess(env, { dataDir });
    const created = await fetch(`${first.base}/applications/orders`, {
      method: 'POST',
      headers,
      body: JSON.stringify(restBody()),
    }).then((r) => r.json());
    await first.stop('SIGKILL');

    const second = await startServerProcess(env, { dataDir });
    const found = await fetch(`${second.base}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: 'query($id: ID!) { order(id: $id) { id totalAmount } }', variables: { id: String(created.id) } }),
    }).then((r) => r.json());
    await second.stop();
    expect(found.data.order).toEqual({ id: String(created.id), totalAmount: created.totalAmount });
  });
});
