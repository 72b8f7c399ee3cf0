import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { madeFile } from './made-files.js';

/**
 * PGlite's engine as the service runs it: its WebAssembly with its 32 largest functions first
 * (largest-first.ts), and V8 told to keep those on its baseline tier, Liftoff, where they cost
 * little memory, while the rest is optimized as it becomes hot.
 *
 * V8 optimizes a WebAssembly function once it has run enough, on a background thread, and the
 * memory that takes grows with the function's size: PostgreSQL's parser (105 KB of code, the
 * grammar in one loop) took ~600 MB for two or three seconds at every start, utility commands,
 * the node reader and writer 70–120 MB each, and what they freed stayed with the allocator. V8
 * has no option to leave a function out of that tier, but code compiled "for debugging" is never
 * tiered up, and `--wasm-debug-mask-for-testing` compiles so the functions whose declared index
 * is a bit of its mask, the module's first 32 at most: hence the order. Those functions do
 * little of an order's work (statements are prepared once and run by name, see pglite.ts): beside
 * the same build with every function optimized, the engine's thread took the same CPU an order.
 * See docs/design/start-up.md.
 */

/** Where the engine's module is kept (see made-files.ts). */
export const engineModuleFile = (fromSource: boolean): string => madeFile(fromSource, 'engine', 'wasm');

/** Makes the engine's module with `make` (a process of its own) when it is not there yet. */
export async function ensureEngineModule(file: string, make: () => Promise<void>): Promise<void> {
  if (existsSync(file)) return;
  try {
    await make();
  } catch (error) {
    throw new Error(`could not make the embedded engine ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

// Every bit: the module's first 32 functions (KEPT_ON_BASELINE in largest-first.ts).
const FIRST_32 = -1;

/**
 * The engine's module compiled, V8 told first to keep its first functions off the optimizing
 * tier. The setting is the process's: the first 32 functions of any other module compiled later
 * (undici's HTTP parser is one) stay on the baseline tier too.
 */
export async function loadEngineModule(file: string): Promise<WebAssembly.Module> {
  setFlagsFromString(`--wasm-debug-mask-for-testing=${FIRST_32}`);
  return WebAssembly.compile(await readFile(file));
}
