/**
 * PGlite's engine with its largest functions moved to the front of the module, where V8 can be
 * told to keep them on its baseline tier (see engine-module.ts). The order of a module's
 * functions is their numbering: every call, table entry and export names a function by its
 * number, so they are renumbered by binaryen, not here. Nothing else changes: the same imports,
 * exports and code. Run at the build (and from source, once), in a process of its own.
 */

/** How many functions V8's mask can name: one bit each of a 32-bit integer. */
export const KEPT_ON_BASELINE = 32;

/** The size in bytes of each function the module defines (its imported ones have none), in their order. */
export function functionSizes(wasm: Uint8Array): number[] {
  let at = 8; // the magic number and the version
  const leb = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 10) {
      // The code section: a count, then each function's size and body.
      const sizes = Array.from({ length: leb() }, () => {
        const body = leb();
        at += body;
        return body;
      });
      if (at !== end) throw new Error('the code section does not end where its size says');
      return sizes;
    }
    at = end;
  }
  throw new Error('the module has no code section');
}

const encode = (n: number): number[] => {
  const bytes: number[] = [];
  do {
    const low = n % 0x80;
    n = Math.floor(n / 0x80);
    bytes.push(n > 0 ? low | 0x80 : low);
  } while (n > 0);
  return bytes;
};
const encodeName = (name: string): number[] => {
  const bytes = Buffer.from(name);
  return [...encode(bytes.length), ...bytes];
};

/**
 * A name section (`name`, its function names) naming the functions so that sorting the names puts
 * the `count` largest defined ones first, largest first, and leaves the others in their order.
 */
function namesLargestFirst(sizes: number[], imported: number, count: number): { section: Uint8Array; first: string[] } {
  const largest = sizes
    .map((size, declared) => ({ size, declared }))
    .sort((a, b) => b.size - a.size || a.declared - b.declared)
    .slice(0, count);
  const width = String(imported + sizes.length).length;
  const name = (letter: string, n: number) => `${letter}${String(n).padStart(width, '0')}`;
  // Imported functions are sorted too: named in their order, they keep it.
  const names = [...Array.from({ length: imported }, (_, index) => name('i', index)), ...sizes.map((_, declared) => name('b', declared))];
  largest.forEach(({ declared }, rank) => (names[imported + declared] = name('a', rank)));
  const functionNames = [...encode(names.length), ...names.flatMap((n, index) => [...encode(index), ...encodeName(n)])];
  const payload = [...encodeName('name'), 1, ...encode(functionNames.length), ...functionNames];
  return { section: Uint8Array.from([0, ...encode(payload.length), ...payload]), first: largest.map((_, rank) => name('a', rank)) };
}

/** `wasm` with its `count` largest functions first, largest first; throws if they did not end up there. */
export async function largestFirst(wasm: Uint8Array<ArrayBuffer>, count = KEPT_ON_BASELINE): Promise<Uint8Array> {
  const { default: binaryen } = await import('binaryen');
  const imported = WebAssembly.Module.imports(new WebAssembly.Module(wasm)).filter((i) => i.kind === 'function').length;
  const sizes = functionSizes(wasm);
  const { section, first } = namesLargestFirst(sizes, imported, count);
  const module = binaryen.readBinary(Buffer.concat([wasm, section]));
  try {
    module.runPasses(['reorder-functions-by-name']);
    // Imported functions sort among the others here; written, they come first, then the others in this order.
    const defined = Array.from({ length: module.getNumFunctions() }, (_, i) => binaryen.getFunctionInfo(module.getFunctionByIndex(i)))
      .filter((f) => !f.module)
      .map((f) => f.name);
    if (defined.length !== sizes.length || first.some((name, i) => defined[i] !== name)) {
      throw new Error(`the ${count} largest functions are not first in the rewritten module`);
    }
    // The names were binaryen's to sort by: the module written has none (its debug information is off).
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}
