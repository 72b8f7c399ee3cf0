import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { quiet } from '../../bench/proc.js';
import { freePort } from '../support/server-process.js';

const ROOT = new URL('../../', import.meta.url).pathname;
// A container of 512 MB holds it with room to spare (see docs/production.md#memory).
const START_UP_PEAK_MB = 400;

const dataDir = mkdtempSync(join(tmpdir(), 'start-up-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// `npm start`, as deployed: its node options are part of what is measured. A bound on memory, not
// on time: one reading of the service's peak (VmHWM), once /readyz answers and the start's work
// has gone quiet, V8's optimizing compiles of what the start made hot among it (the parser's took
// ~600 MB: see src/platform/pglite/engine-module.ts).
it('when the service starts on a new data directory with the demo roster, then its resident memory stays under 400 MB', { timeout: 300_000 }, async () => {
  const port = await freePort();
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO_OPERATORS: 'true', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    while (!(await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false))) {
      if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}) before the service was ready`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await quiet(npm.pid!);
    const status = readFileSync(`/proc/${servicePid(npm.pid!)}/status`, 'utf8');
    const peakMb = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) / 1024;
    expect(peakMb).toBeLessThan(START_UP_PEAK_MB);
  } finally {
    process.kill(-npm.pid!, 'SIGKILL');
  }
});

/** The process of `group` (npm start's) that runs the built service. */
function servicePid(group: number): number {
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    // A process may end between the listing and the reading.
    const read = (file: string) => {
      try {
        return readFileSync(`/proc/${name}/${file}`, 'utf8');
      } catch {
        return '';
      }
    };
    const stat = read('stat');
    // After "pid (comm)": state, ppid, pgrp.
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (pgrp === group && read('cmdline').includes('dist/main.js')) return Number(name);
  }
  throw new Error('no process runs dist/main.js');
}
