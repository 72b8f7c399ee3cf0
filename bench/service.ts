import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dataDisk } from './data-disk.js';
import { REPO, startServer, type RunningServer } from './child-server.js';
import { tracingEnv } from './otlp-collector.js';

export async function buildService() {
  const build = spawn('npm', ['run', '--silent', 'build'], { cwd: REPO, stdio: 'inherit' });
  const [code] = await once(build, 'exit');
  if (code !== 0) throw new Error(`npm run build failed (exit code ${code})`);
}

/**
 * `node dist/main.js` on the embedded store, in a fresh DATA_DIR (a copy of `template` when given)
 * on the bench's data disk (bench/data-disk.ts), removed when it stops or the bench exits; built in
 * `cwd` (another build's worktree) when given; traced with TRACING_SAMPLE (bench/otlp-collector.ts).
 */
export async function startService(env: Record<string, string>, template?: string, cwd?: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(dataDisk().root, 'bench-orders-'));
  if (template) cpSync(template, dataDir, { recursive: true });
  const removeDataDir = () => {
    process.off('exit', removeDataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', removeDataDir);
  try {
    const server = await startServer({
      args: ['dist/main.js'],
      cwd,
      env: { LOG_LEVEL: 'warn', ...(await tracingEnv()), ...env, DATABASE_URL: '', DATA_DIR: dataDir },
    });
    return {
      ...server,
      async stop() {
        await server.stop();
        removeDataDir();
      },
    };
  } catch (error) {
    removeDataDir();
    throw error;
  }
}
