import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root: the nearest folder above this module that holds a package.json. Run
 * from source (src/…) or built into a bundle (dist/…), the code sits at different depths; the
 * folders it reads (migrations/, seed/) and the built thread scripts do not move.
 */
function findRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

const ROOT = findRoot();

/** A path inside the repository, from its root. */
export const fromRoot = (...parts: string[]): string => join(ROOT, ...parts);
