import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;
// What the core may use besides itself: plain libraries, no framework, no adapter.
const CORE_MAY_IMPORT = ['zod', 'libphonenumber-js/min/es6'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

describe('the dependency rule', () => {
  it('the core imports only itself and plain libraries', () => {
    const core = join(SRC, 'core');
    const outsideCore = (file: string, spec: string) => relative(core, resolve(dirname(file), spec)).startsWith('..');
    const offending = sources(core).flatMap((file) =>
      importsOf(file)
        .filter((spec) => (spec.startsWith('.') ? outsideCore(file, spec) : !CORE_MAY_IMPORT.includes(spec)))
        .map((spec) => `${relative(SRC, file)} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('only config.ts reads process.env', () => {
    const readers = sources(SRC).filter((f) => /process\.env/.test(readFileSync(f, 'utf8')));
    expect(readers.map((f) => relative(SRC, f))).toEqual(['config.ts']);
  });
});

describe('garbage', () => {
  // An object literal that spreads an object and then has more members (`{ ...order, id }`, or a
  // second spread) makes Node 20's V8 keep the new objects through young-generation collections:
  // on the HTTP thread they were promoted at every scavenge and collected by a full mark-compact,
  // whose pauses the slowest answers waited behind. With every spread last (`{ id, ...order }`)
  // or Object.assign, nothing is promoted, and REST made more orders a second. With object
  // spread lowered by esbuild, a spread that is not last becomes one of the two calls below.
  // See docs/design/spreads-last.md.
  it('an object literal spreads only as its last member', () => {
    const offending = sources(SRC).flatMap((file) => {
      const { code } = transformSync(readFileSync(file, 'utf8'), { loader: 'ts', supported: { 'object-rest-spread': false } });
      const calls = code.match(/__spreadProps\(|__spreadValues\(__spreadValues\(/g) ?? [];
      return calls.length ? [`${relative(SRC, file)}: ${calls.length}`] : [];
    });
    expect(offending).toEqual([]);
  });
});
