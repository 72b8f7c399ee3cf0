import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export interface RunningServer {
  url: string;
  /** The server's process; it leads its own process group, which `stop` ends. */
  pid: number;
  stop(): Promise<void>;
}

export interface ServerCommand {
  /** Arguments to `node`, e.g. a script path relative to the repository. */
  args: string[];
  env?: Record<string, string>;
  /** GET this answers 200 once the server takes requests. */
  readyPath?: string;
  /** Where to run it; the repository by default. */
  cwd?: string;
}

export const REPO = fileURLToPath(new URL('..', import.meta.url));
// Generous: on a machine shared with other work, two services started side by side have been seen
// to take over a minute to answer /readyz.
const READY_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_TAIL_LINES = 30;
const running = new Set<number>();

/** Runs `node <args>` in its own process group on a free port, resolving once it is ready. */
export async function startServer({ args, env = {}, readyPath = '/readyz', cwd = REPO }: ServerCommand): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    // The service's own links (a sandbox payment's, its notifications) point where it listens.
    env: { ...process.env, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env, PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start node ${args.join(' ')}`);
  running.add(pid);
  const output = keepTail(child);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopGroup(child, pid);
  try {
    await waitUntilReady(`${url}${readyPath}`, child);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`node ${args.join(' ')}: ${reason}\n${output().join('\n')}`);
  }
  return { url, pid, stop };
}

/** Last resort on exit or interrupt: SIGKILL every server still running. */
export function killAllServers() {
  for (const pid of running) signalGroup(pid, 'SIGKILL');
  running.clear();
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function keepTail(child: ChildProcess): () => string[] {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_TAIL_LINES));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines;
}

async function waitUntilReady(url: string, child: ChildProcess) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    }
    if (await answersOk(url)) return;
    await sleep(20);
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s`);
}

async function answersOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function stopGroup(child: ChildProcess, pid: number) {
  if (!running.has(pid)) return;
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
  signalGroup(pid, 'SIGTERM');
  await Promise.race([exited, sleep(STOP_GRACE_MS)]);
  signalGroup(pid, 'SIGKILL');
  running.delete(pid);
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
