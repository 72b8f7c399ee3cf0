import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signTestToken, restBody, SECRET } from '../support/service.js';

// These run the real `npm start` as a user would, one after another (each start builds dist/).
const ROOT = new URL('../../', import.meta.url).pathname;
const CONFORMANCE = join(ROOT, '../shared/conformance/conformance.mjs');
const hasConformance = existsSync(CONFORMANCE);

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.sequential('the service as a process', () => {
  it.skipIf(!hasConformance)('passes the contract check (../shared/conformance)', { timeout: 240_000 }, async () => {
    const { code, output } = await run(process.execPath, [CONFORMANCE, '--start']);
    expect(output.trim().split('\n').pop()).toMatch(/^\d+ passed, 0 failed$/);
    expect(code, output).toBe(0);
  });

  it.skipIf(!hasConformance)('when killed right after answering, then the order is there on restart', { timeout: 240_000 }, async () => {
    const { startServer } = await import(pathToFileURL(CONFORMANCE).href);
    const dataDir = mkdtempSync(join(tmpdir(), 'orders-restart-'));
    const env = { AUTH_JWT_SECRET: SECRET, LOG_LEVEL: 'warn' };
    const headers = { authorization: `Bearer ${await signTestToken()}`, 'content-type': 'application/json' };
    try {
      const first = await startServer({ cwd: ROOT, dataDir, env });
      const created = await fetch(`${first.base}/applications/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify(restBody()),
      }).then((r) => r.json());
      await first.stop('SIGKILL');

      const second = await startServer({ cwd: ROOT, dataDir, env });
      const found = await fetch(`${second.base}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: 'query($id: ID!) { order(id: $id) { id totalAmount } }', variables: { id: created.id } }),
      }).then((r) => r.json());
      await second.stop();
      expect(found.data.order).toEqual({ id: String(created.id), totalAmount: created.totalAmount });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
