import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

export interface FileCall {
  call: 'write' | 'fsync' | 'fdatasync' | 'rename' | 'unlink';
  /** The file's path, as it was opened (the source of a rename). */
  path: string;
}

/**
 * Records, in order, every write, sync, rename and unlink made through node:fs in this process
 * (and the syncs of node:fs/promises), then does it. The embedded engine is WebAssembly and makes no system call of its own: every
 * file operation it makes goes through Emscripten's NODEFS, which calls node:fs's synchronous
 * functions (one system call each), and so do the syncs the store adds. So what is seen here is
 * what the engine asks of the disk, and when, on this thread.
 */
export function watchFileCalls() {
  const calls: FileCall[] = [];
  const paths = new Map<number, string>();
  const node = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = { ...node };
  const promises = fs.promises as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const originalOpen = promises.open!;
  const pathOf = (file: unknown) => (typeof file === 'number' ? (paths.get(file) ?? `fd ${file}`) : String(file));
  const through = (name: string, call?: FileCall['call']) => (...args: unknown[]) => {
    if (call) calls.push({ call, path: pathOf(args[0]) });
    return original[name]!(...args);
  };
  const wrapped: Record<string, (...args: unknown[]) => unknown> = {
    openSync: (...args) => {
      const fd = original.openSync!(...args) as number;
      paths.set(fd, String(args[0]));
      return fd;
    },
    closeSync: (fd) => {
      paths.delete(fd as number);
      return original.closeSync!(fd);
    },
    writeSync: through('writeSync', 'write'),
    fsyncSync: through('fsyncSync', 'fsync'),
    fdatasyncSync: through('fdatasyncSync', 'fdatasync'),
    renameSync: through('renameSync', 'rename'),
    unlinkSync: through('unlinkSync', 'unlink'),
  };
  Object.assign(node, wrapped);
  promises.open = async (...args) => {
    const file = (await originalOpen(...args)) as { sync(): Promise<void> };
    const sync = file.sync.bind(file);
    file.sync = () => {
      calls.push({ call: 'fsync', path: String(args[0]) });
      return sync();
    };
    return file;
  };
  // Named imports of node:fs (`import { fsyncSync } from 'node:fs'`) see the change too.
  syncBuiltinESMExports();
  return {
    calls,
    stop() {
      for (const name of Object.keys(wrapped)) node[name] = original[name]!;
      promises.open = originalOpen;
      syncBuiltinESMExports();
    },
  };
}

export const isWal = (path: string) => /\/pg_wal\/[0-9A-F]{24}$/.test(path);
const isSync = (c: FileCall) => c.call === 'fsync' || c.call === 'fdatasync';

/** Whether `path`'s last write among `calls`, if any, is followed by a sync of it. */
export function syncedAfterLastWrite(calls: readonly FileCall[], path: string): boolean {
  const lastWrite = calls.findLastIndex((c) => c.call === 'write' && c.path === path);
  return lastWrite < 0 || calls.slice(lastWrite + 1).some((c) => isSync(c) && c.path === path);
}

/** The WAL files written among `calls`. */
export const walWritten = (calls: readonly FileCall[]) => [...new Set(calls.filter((c) => c.call === 'write' && isWal(c.path)).map((c) => c.path))];

export const syncs = (calls: readonly FileCall[]) => calls.filter(isSync);
