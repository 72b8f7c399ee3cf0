import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The contract's black-box check, against the real `npm start` as a user runs it (it builds dist/).
const ROOT = new URL('../../', import.meta.url).pathname;
const CONFORMANCE = join(ROOT, '../shared/conformance/conformance.mjs');
// Outside CI a checkout may stand alone; in CI a missing check is a broken run, not a pass.
const missing = existsSync(CONFORMANCE) ? null : `no contract check at ${CONFORMANCE}: it comes with the shared folder beside the clone`;
if (missing && process.env.CI) throw new Error(`${missing}: CI must run it`);

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe(`the contract${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it.skipIf(missing !== null)('passes the contract check (../shared/conformance)', { timeout: 240_000 }, async () => {
    const { code, output } = await run(process.execPath, [CONFORMANCE, '--start']);
    expect(output.trim().split('\n').pop()).toMatch(/^\d+ passed, 0 failed$/);
    expect(code, output).toBe(0);
  });
});
