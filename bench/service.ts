import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { dataDisk } from './data-disk.js';
import { REPO, startServer, type RunningServer } from './child-server.js';
import { tracingEnv } from './otlp-collector.js';

let ownBuild: string | undefined;

/**
 * Builds the service as `npm start` does, then runs it from a copy of the build: others working
 * in the same tree rebuild dist/ at any time, and a service started while dist/ is rewritten
 * fails to load its chunks. The copy has what the build reads from the repository's root
 * (src/platform/paths.ts): package.json, and links to migrations/, seed/ and public/; its dependencies
 * resolve from the repository's node_modules, above it. Removed when the bench exits.
 */
export async function buildService() {
  const build = spawn('npm', ['run', '--silent', 'build'], { cwd: REPO, stdio: 'inherit' });
  const [code] = await once(build, 'exit');
  if (code !== 0) throw new Error(`npm run build failed (exit code ${code})`);
  const builds = join(REPO, 'bench', 'results');
  mkdirSync(builds, { recursive: true });
  const dir = mkdtempSync(join(builds, 'build-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(REPO, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(REPO, 'package.json'), join(dir, 'package.json'));
  for (const folder of ['migrations', 'seed', 'public']) symlinkSync(join(REPO, folder), join(dir, folder));
  ownBuild = dir;
}

/** Where this build runs from: the copy buildService made, else the repository. */
export const serviceDir = (): string => ownBuild ?? REPO;

/** The options to node in `npm start`'s script (`node <options> dist/main.js`); none when it reads otherwise. */
export function nodeOptions(startScript: string): string[] {
  const options = /^node\s+(.*?)\s*dist\/main\.js$/.exec(startScript.trim())?.[1];
  return options ? options.split(/\s+/) : [];
}

/**
 * `node <options> dist/main.js` as the build in `dir` runs it with `npm start`: the service as
 * deployed, its engine's and heap's options too (they change its CPU and memory), each build its own.
 */
export function serviceArgs(dir = serviceDir()): string[] {
  const scripts = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts;
  return [...nodeOptions(scripts?.start ?? ''), 'dist/main.js'];
}

/**
 * The service (serviceArgs) on the embedded store, in a fresh DATA_DIR (a copy of `template` when given)
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
      args: serviceArgs(cwd ?? serviceDir()),
      cwd: cwd ?? serviceDir(),
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
