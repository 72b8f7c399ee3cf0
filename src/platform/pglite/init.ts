import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unpackNewStore } from './unpack.js';

// A process of its own, for the memory it takes, which goes back to the system as it exits:
// - `init tarball FILE` writes the tarball of a new data directory (initdb's output, gzipped) to
//   FILE: at the build, or when it is missing; initdb takes about a gigabyte.
// - `init unpack FILE DATA_DIR` unpacks it into DATA_DIR, synced to the disk: the tens of
//   megabytes that takes were held by the engine's thread long after, when it did it.
// See new-store.ts.
const [mode, file, dataDir] = process.argv.slice(2);
if (mode === 'tarball' && file) {
  const db = await PGlite.create();
  const tarball = await db.dumpDataDir('gzip');
  await db.close();
  mkdirSync(dirname(file), { recursive: true });
  // Written beside it, then renamed: another process making it at the same time, or one reading
  // it, never sees part of one.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
  renameSync(partial, file);
} else if (mode === 'unpack' && file && dataDir) {
  await unpackNewStore(file, dataDir);
} else {
  throw new Error('usage: init tarball FILE | init unpack FILE DATA_DIR');
}
