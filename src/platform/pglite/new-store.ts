import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { madeFile } from './made-files.js';

/** Where the tarball of a new data directory is kept (see made-files.ts). */
export const newStoreTarball = (fromSource: boolean): string => madeFile(fromSource, 'new-store', 'tar.gz');

/**
 * Makes `dataDir` a new data directory. initdb, run in the service's process, took about a
 * gigabyte at its peak (its own engine beside the one it is made for) and left some hundreds of
 * megabytes freed but kept by the allocator; in a process of its own, its peak still counted
 * against the service's container. It runs once, at the build (or, from source, the first time),
 * and its output, a tarball, is unpacked into each new directory, also by a short-lived process:
 * the engine's thread, unpacking it itself, held ~60 MB more from then on. `init` runs
 * src/platform/pglite/init.ts with the arguments given. See docs/design/start-up.md.
 */
export async function makeDataDir(tarball: string, dataDir: string, init: (args: string[]) => Promise<void>): Promise<void> {
  try {
    if (!existsSync(tarball)) await init(['tarball', tarball]);
    await init(['unpack', tarball, dataDir]);
  } catch (error) {
    throw new Error(`could not make the embedded store in ${dataDir}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Runs `node args…` to its end, failing with the end of what it wrote to stderr. */
export async function runToEnd(args: string[]): Promise<void> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2_000)));
  // It goes with this process, should this one end first.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const [code] = (await once(child, 'exit').finally(() => process.off('exit', orphaned))) as [number | null];
  if (code !== 0) throw new Error(errors.trim() || `exit code ${code}`);
}
