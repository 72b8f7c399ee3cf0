import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// Writes the tarball of a new data directory (initdb's output, gzipped) to FILE and exits: run as
// a process of its own, at the build or when the tarball is missing, since initdb takes about a
// gigabyte, which the process gives back to the system as it exits (see new-store.ts).
const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: init FILE');
const db = await PGlite.create();
const tarball = await db.dumpDataDir('gzip');
await db.close();
mkdirSync(dirname(file), { recursive: true });
// Written beside it, then renamed: another process making it at the same time, or one reading
// it, never sees part of one.
const partial = `${file}.${process.pid}`;
writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
renameSync(partial, file);
