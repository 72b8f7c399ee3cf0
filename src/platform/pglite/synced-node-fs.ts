import { fdatasyncSync, fsyncSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

// The parts of PGlite's Emscripten module used here, which PGlite's own types leave out.
interface NodeStream {
  /** The host's file descriptor, on a stream of NODEFS. */
  nfd?: number;
}
interface EngineModule {
  FS: {
    getStreamChecked(fd: number): NodeStream;
    ErrnoError: new (errno: number) => Error & { errno: number };
  };
  NODEFS: {
    stream_ops: { fsync?: (stream: NodeStream) => number };
    /** Runs a node:fs call, turning its error into the engine's errno. */
    tryFSOperation<T>(operation: () => T): T;
  };
}
type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'] & {
  instantiateWasm(imports: WebAssembly.Imports, done: (...instance: unknown[]) => void): unknown;
  preRun?: ((module: unknown) => void)[];
};

/**
 * PGlite's NodeFS, on which the engine's fsync and fdatasync reach the disk. PostgreSQL compiled
 * to WebAssembly makes no system call of its own: Emscripten's NODEFS runs each of its reads and
 * writes through node:fs, but drops its syncs (NODEFS has no fsync of its own, and Emscripten's
 * fdatasync only checks the descriptor). With fsync on, the engine asks for exactly the syncs its
 * commits, checkpoints and new WAL segments need, in the order they need them; here each becomes
 * the same call on the host's file, on the engine's thread, before the engine goes on.
 * See docs/design/checkpoints-and-durability.md.
 */
export class SyncedNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const opts = (await super.init(pg, options)).emscriptenOpts as EmscriptenOptions;
    let engine: EngineModule | undefined;
    const emscriptenOpts: EmscriptenOptions = Object.assign({}, opts, {
      // fdatasync is an import of the engine's WebAssembly: replaced before it is instantiated.
      instantiateWasm: (imports: WebAssembly.Imports, done: (...instance: unknown[]) => void) => {
        imports.env!.__syscall_fdatasync = (fd: number) => fdatasync(engine!, fd);
        return opts.instantiateWasm(imports, done);
      },
      preRun: [
        ...(opts.preRun ?? []),
        (module: unknown) => {
          engine = module as EngineModule;
          const { NODEFS } = engine;
          NODEFS.stream_ops.fsync = ({ nfd }) => {
            NODEFS.tryFSOperation(() => fsyncSync(nfd!));
            return 0;
          };
        },
      ],
    });
    return { emscriptenOpts };
  }
}

/** The engine's fdatasync(2), answered as a system call is: 0, or minus the errno. */
function fdatasync(engine: EngineModule, fd: number): number {
  try {
    const { nfd } = engine.FS.getStreamChecked(fd);
    // A file outside the data directory lives in memory: nothing to write out.
    if (nfd !== undefined) engine.NODEFS.tryFSOperation(() => fdatasyncSync(nfd));
    return 0;
  } catch (error) {
    if (error instanceof engine.FS.ErrnoError) return -error.errno;
    throw error;
  }
}

/**
 * Every file and directory under `dir` on the disk, and `dir`'s own entry in its parent: a new
 * data directory is written out as a whole, as initdb leaves one. The syncs are made together,
 * which the file system completes in a few journal commits rather than one per file.
 */
export async function syncTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const paths = entries.filter((e) => e.isFile() || e.isDirectory()).map((e) => join(e.parentPath, e.name));
  await Promise.all([...paths, dir, dirname(dir)].map(syncPath));
}

async function syncPath(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}
