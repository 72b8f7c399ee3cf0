import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fromRoot } from '../paths.js';

/** PGlite's own distribution folder, where its WebAssembly and data files are. */
export const pgliteDist = (): string => dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/**
 * Where a file made from the installed PGlite is kept (the tarball of a new data directory, the
 * engine rewritten). Built, the build makes it in dist/pglite/ (scripts/build.ts); from source,
 * it is made once for each version of PGlite installed, in node_modules' cache, by the first
 * store that needs it.
 */
export function madeFile(fromSource: boolean, name: string, extension: string): string {
  if (!fromSource) return fromRoot('dist', 'pglite', `${name}.${extension}`);
  const { version } = JSON.parse(readFileSync(join(pgliteDist(), '..', 'package.json'), 'utf8')) as { version: string };
  return fromRoot('node_modules', '.cache', 'roadside-order-service', `${name}-pglite-${version}.${extension}`);
}
