import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;
// What the core may use besides itself: plain libraries, no framework, no adapter.
const CORE_MAY_IMPORT = ['zod', 'libphonenumber-js/min/es6', 'ipaddr.js'];

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
