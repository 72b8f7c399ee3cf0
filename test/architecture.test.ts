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

    it('a domain importing a framework, a dynamic import of an adapter, another capability\'s SQL, platform or a transport reaching up and a cycle are each refused', async () => {
      scratch = await mkdtemp(join(tmpdir(), 'rules-'));
      await copyFile(join(ROOT, RULES), join(scratch, RULES));
      await copyFile(join(ROOT, 'tsconfig.json'), join(scratch, 'tsconfig.json'));
      const files: Record<string, string> = {
        'src/orders/domain/pricing.ts': "import { GraphQLError } from 'graphql';\nexport const refuse = () => new GraphQLError('no');\n",
        'src/orders/domain/lazy.ts': "export const store = () => import('../store/orders.js');\n",
        'src/orders/store/orders.ts': "export const orders = [];\n",
        'src/payments/refunds.ts': "import { orders } from '../orders/store/orders.js';\nexport const refunds = () => orders;\n",
        'src/platform/clock.ts': "import { refuse } from '../orders/domain/pricing.js';\nexport const clock = () => refuse;\n",
        'src/graphql/builder.ts': "import { refuse } from '../orders/domain/pricing.js';\nexport const builder = () => refuse;\n",
        'src/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
        'src/b.ts': "import { a } from './a.js';\nexport const b = () => a();\n",
      };
      for (const [path, text] of Object.entries(files)) {
        await mkdir(dirname(join(scratch, path)), { recursive: true });
        await writeFile(join(scratch, path), text);
      }

      const { violations } = await cruise(scratch, ['src']);

      expect(said(violations).sort()).toEqual([
        'capability-internals-stay-inside: src/payments/refunds.ts → src/orders/store/orders.ts',
        'domain-imports-no-framework: src/orders/domain/lazy.ts → src/orders/store/orders.ts',
        'domain-imports-no-framework: src/orders/domain/pricing.ts → graphql',
        'no-circular: src/a.ts → src/b.ts',
        'no-unresolvable: src/orders/domain/pricing.ts → graphql',
        'platform-serves-all: src/platform/clock.ts → src/orders/domain/pricing.ts',
        'transport-below-capabilities: src/graphql/builder.ts → src/orders/domain/pricing.ts',
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

describe('docs/architecture.md', () => {
  it('gives a line to every folder of src/ and of the repository', async () => {
    const guide = await readFile(join(ROOT, 'docs/architecture.md'), 'utf8');
    const listing = /## The folders[\s\S]*?```\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    const listed = new Set([...listing.matchAll(/^\s*([\w.-]+\/)/gm)].map((m) => m[1]));
    const folders = async (dir: string) =>
      (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => `${e.name}/`);
    // Folders git ignores (dependencies, the build, the data `npm start` writes) are not the project's.
    const gitignore = await readFile(join(ROOT, '.gitignore'), 'utf8');
    const ignored = new Set(gitignore.split('\n').filter((line) => /^[\w.-]+\/$/.test(line.trim())).map((line) => line.trim()));
    const missing = [...(await folders(SRC)), ...(await folders(ROOT)).filter((f) => !ignored.has(f))].filter((f) => !listed.has(f));
    expect(missing).toEqual([]);
  });
});
