import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { largestFirst } from './largest-first.js';
import { pgliteDist } from './made-files.js';
import { unpackNewStore } from './unpack.js';

// A process of its own, for the memory it takes, which goes back to the system as it exits:
// - `init tarball FILE` writes the tarball of a new data directory (initdb's output, gzipped) to
//   FILE: at the build, or when it is missing; initdb takes about a gigabyte.
// - `init unpack FILE DATA_DIR` unpacks it into DATA_DIR, synced to the disk: the tens of
//   megabytes that takes were held by the engine's thread long after, when it did it.
// - `init engine FILE` writes PGlite's engine with its largest functions first to FILE (see
//   engine-module.ts): at the build, or when it is missing.
// See new-store.ts.
const [mode, file, dataDir] = process.argv.slice(2);

/** Written beside it, then renamed: another process making it at the same time, or one reading it, never sees part of one. */
function writeWhole(bytes: Uint8Array): void {
  mkdirSync(dirname(file!), { recursive: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, bytes);
  renameSync(partial, file!);
}

if (mode === 'tarball' && file) {
  const db = await PGlite.create();
  const tarball = await db.dumpDataDir('gzip');
  await db.close();
  writeWhole(new Uint8Array(await tarball.arrayBuffer()));
} else if (mode === 'engine' && file) {
  writeWhole(await largestFirst(readFileSync(join(pgliteDist(), 'pglite.wasm'))));
} else if (mode === 'unpack' && file && dataDir) {
  await unpackNewStore(file, dataDir);
} else {
  throw new Error('usage: init tarball FILE | init engine FILE | init unpack FILE DATA_DIR');
}
