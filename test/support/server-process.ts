import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The service as a process of its own, from the sources (no build, so it cannot race a test
 * that builds dist/), ready when /readyz answers 200. Its data directory is thrown away when it
 * stops, unless one is given.
 */
export async function startServerProcess(env: Record<string, string>, { timeoutMs = 60_000, dataDir: given = '', port: chosen = 0 } = {}) {
  // A port of the caller's choosing: a service started again where its clients expect it.
  const port = chosen || (await freePort());
  const dataDir = given || mkdtempSync(join(tmpdir(), 'orders-process-'));
  // tsx's ES module hooks alone: its CommonJS hook would compile graphql's ES modules again for
  // graphql-jit's require(), a second graphql whose types graphql-jit cannot compile against the
  // schema's (privatenumber/tsx#838). Node's own require() shares the one instance.
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/main.ts'], {
    cwd: ROOT,
    // No rate limit unless a test asks for one: the suites send many requests with one token.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    }
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) return { base, stop, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the server did not become ready:\n${output}`);
}

/** A line of the service's log, as pino writes it (JSON, one a line). */
export interface LogLine {
  level: number;
  time: number;
  pid: number;
  msg: string;
}

/** The log lines in a process' output; whatever else it printed is left out. */
export function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/** Whether a process of that id is still there (whoever owns it). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
