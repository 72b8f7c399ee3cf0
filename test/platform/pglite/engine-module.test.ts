import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { engineModuleFile } from '../../../src/platform/pglite/engine-module.js';
import { functionSizes, KEPT_ON_BASELINE } from '../../../src/platform/pglite/largest-first.js';
import { pgliteDist } from '../../../src/platform/pglite/made-files.js';
import { newStoreTarball } from '../../../src/platform/pglite/new-store.js';
import { fromRoot } from '../../../src/platform/paths.js';

// PGlite's engine as the service runs it (src/platform/pglite/engine-module.ts): the same module
// with its largest functions first, which V8 keeps on its baseline tier while it optimizes the rest.
// Both files it reads are made before the tests (test/support/made-files.ts).

const run = promisify(execFile);
const stockFile = join(pgliteDist(), 'pglite.wasm');
const engineFile = engineModuleFile(true);
const tarball = newStoreTarball(true);

const compiled = (file: string) => new WebAssembly.Module(readFileSync(file));
const importedFunctions = (module: WebAssembly.Module) => WebAssembly.Module.imports(module).filter((i) => i.kind === 'function').length;

describe("the engine's module", () => {
  it("has PGlite's own imports and exports", () => {
    const [stock, engine] = [compiled(stockFile), compiled(engineFile)];
    expect(WebAssembly.Module.imports(engine)).toEqual(WebAssembly.Module.imports(stock));
    expect(WebAssembly.Module.exports(engine)).toEqual(WebAssembly.Module.exports(stock));
  });

  it('has the same functions, its largest first', () => {
    const stock = functionSizes(readFileSync(stockFile));
    const engine = functionSizes(readFileSync(engineFile));
    expect(engine).toHaveLength(stock.length);
    const first = engine.slice(0, KEPT_ON_BASELINE);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    expect(Math.min(...first)).toBeGreaterThanOrEqual(Math.max(...engine.slice(KEPT_ON_BASELINE)));
  });
});

/** The functions V8 optimized while PGlite ran statements on `file`, by their index in the module. */
async function optimized(file: string): Promise<number[]> {
  const { stdout } = await run(process.execPath, [
    '--trace-wasm-compilation-times', '--wasm-sync-tier-up', '--import', 'tsx/esm',
    fromRoot('test', 'platform', 'pglite', 'fixtures', 'tier-up.ts'), file, tarball,
  ], { maxBuffer: 64 * 1024 * 1024 });
  return [...stdout.matchAll(/^Compiled function \S+#(\d+) using TurboFan/gm)].map((m) => Number(m[1]));
}

describe('V8, running the engine', () => {
  it('optimizes none of its first functions, and the rest as they become hot; PGlite\'s own module has its largest optimized', async () => {
    // The control: the same statements on PGlite's own module optimize some of its largest
    // functions (the parser, whose compile took ~600 MB, among them).
    const imported = importedFunctions(compiled(stockFile));
    const sizes = functionSizes(readFileSync(stockFile));
    const largest = new Set(
      sizes.map((size, declared) => ({ size, index: imported + declared }))
        .sort((a, b) => b.size - a.size)
        .slice(0, KEPT_ON_BASELINE)
        .map(({ index }) => index),
    );
    expect((await optimized(stockFile)).filter((index) => largest.has(index))).not.toHaveLength(0);

    const engine = await optimized(engineFile);
    expect(engine.length).toBeGreaterThan(20);
    // The rewritten module imports what PGlite's own does, in the same order (tested above).
    expect(engine.filter((index) => index >= imported && index < imported + KEPT_ON_BASELINE)).toEqual([]);
  }, 180_000);
});
