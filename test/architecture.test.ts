import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SRC = join(ROOT, 'src');
const CRUISER = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const RULES = '.dependency-cruiser.cjs';

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** The rules' verdict on `paths`, as dependency-cruiser gives it, run in `cwd`. */
async function cruise(cwd: string, paths: string[]): Promise<{ modules: number; violations: Violation[] }> {
  const { stdout } = await promisify(execFile)(process.execPath, [CRUISER, ...paths, '--config', RULES, '--output-type', 'json'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((failure: { stdout?: string }) => {
    // A cruise that finds violations exits with their count; its JSON is still the answer.
    if (failure.stdout) return { stdout: failure.stdout };
    throw failure;
  });
  const { summary } = JSON.parse(stdout);
  return { modules: summary.totalCruised, violations: summary.violations };
}

const said = (violations: Violation[]) => violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

describe('the dependency rules', () => {
  it('hold for every import of src/, static or dynamic', async () => {
    const { modules, violations } = await cruise(ROOT, ['src']);
    expect(said(violations)).toEqual([]);
    expect(modules).toBeGreaterThan(200);
  }, 120_000);

  describe('when a module breaks them', () => {
    let scratch: string;
    afterAll(() => scratch && rm(scratch, { recursive: true, force: true }));

    it('the domain importing a framework, a dynamic import of an adapter and a cycle are each refused', async () => {
      scratch = await mkdtemp(join(tmpdir(), 'rules-'));
      await copyFile(join(ROOT, RULES), join(scratch, RULES));
      await copyFile(join(ROOT, 'tsconfig.json'), join(scratch, 'tsconfig.json'));
      const files: Record<string, string> = {
        'src/core/pricing.ts': "import { GraphQLError } from 'graphql';\nexport const refuse = () => new GraphQLError('no');\n",
        'src/core/lazy.ts': "export const store = () => import('../store/orders.js');\n",
        'src/store/orders.ts': "export const orders = [];\n",
        'src/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
        'src/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
      };
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(scratch, path)), { recursive: true });
        await writeFile(join(scratch, path), text);
      }

      const { violations } = await cruise(scratch, ['src']);

      expect(said(violations).sort()).toEqual([
        'core-imports-no-framework: src/core/lazy.ts → src/store/orders.ts',
        'core-imports-no-framework: src/core/pricing.ts → graphql',
        'no-circular: src/a.ts → src/b.ts',
        'no-unresolvable: src/core/pricing.ts → graphql',
      ]);
    }, 120_000);
  });
});

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? sources(join(dir, e.name)) : Promise.resolve(e.name.endsWith('.ts') ? [join(dir, e.name)] : []))),
  );
  return nested.flat();
}

describe('configuration', () => {
  it('only service/config.ts reads process.env', async () => {
    const files = await sources(SRC);
    const readers = [];
    for (const file of files) if (/process\.env/.test(await readFile(file, 'utf8'))) readers.push(relative(SRC, file));
    expect(readers).toEqual(['service/config.ts']);
  });
});
