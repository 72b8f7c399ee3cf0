import { existsSync } from 'node:fs';
import { engineModuleFile, ensureEngineModule } from '../../src/platform/pglite/engine-module.js';
import { newStoreTarball, runToEnd } from '../../src/platform/pglite/new-store.js';
import { fromRoot } from '../../src/platform/paths.js';

/**
 * vitest's global setup: the files made from the installed PGlite that an embedded store run from
 * source needs (the engine's module, a new data directory's tarball), made once before the tests
 * rather than by each test file that opens the first store, all at once, on a fresh clone.
 */
export default async function makeEngineFiles(): Promise<void> {
  const init = (args: string[]) => runToEnd(['--import', 'tsx/esm', fromRoot('src', 'platform', 'pglite', 'init.ts'), ...args]);
  const engine = engineModuleFile(true);
  const tarball = newStoreTarball(true);
  await Promise.all([
    ensureEngineModule(engine, () => init(['engine', engine])),
    existsSync(tarball) ? undefined : init(['tarball', tarball]),
  ]);
}
