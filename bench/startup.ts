import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dataDisk } from './data-disk.js';
import { startServer } from './child-server.js';
import { serviceArgs, serviceDir } from './service.js';

const RUNS = 3;

/**
 * Milliseconds from starting the service (serviceArgs) to /readyz answering 200, on a store that
 * already exists (made by a first start, not timed): the median of a few starts.
 */
export async function startupOnExistingStoreMs(env: Record<string, string>): Promise<number> {
  const dataDir = mkdtempSync(join(dataDisk().root, 'bench-startup-'));
  const command = { args: serviceArgs(), cwd: serviceDir(), env: { LOG_LEVEL: 'warn', ...env, DATABASE_URL: '', DATA_DIR: dataDir } };
  try {
    await (await startServer(command)).stop();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const server = await startServer(command);
      times.push(performance.now() - started);
      await server.stop();
    }
    return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
