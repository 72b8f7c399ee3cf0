import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse, print, type DefinitionNode, type FieldDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentDocuments, openApiText } from '../../scripts/schema-check/documents.js';
import { fences, markedFences, readText, ROOT } from './markdown.js';

const run = promisify(execFile);

const GUIDE = 'docs/versioning.md';
const guide = readText(GUIDE);
const examples = new Map(markedFences(guide, 'versioning-example').map(({ name, fence }) => [name, fence.text]));

// What the repository's copy leaves out: installs, builds, data and history. The copy's
// node_modules is a link to the repository's.
const LEFT_OUT = new Set(['node_modules', '.git', 'dist', 'data', 'bench/results', '.ci/node', '.vitest']);

/** Runs a block of the guide as bash runs it, from the root of `cwd`; the exit code, never a throw. */
async function shell(script: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return run('bash', ['-euo', 'pipefail', '-c', script], { cwd, timeout: 90_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
  );
}

// The guide's commands write the repository's files (package.json, schema/released/,
// CHANGELOG.md): they are run in a copy of it, never in the repository itself.
let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'versioning-'));
  cpSync(ROOT, copy, { recursive: true, filter: (source) => !LEFT_OUT.has(source.slice(ROOT.length).replace(/\/$/, '')) });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
});
afterAll(() => copy && rmSync(copy, { recursive: true, force: true }));

const version = (root: string) => (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const nextMinor = (v: string) => v.replace(/^(\d+)\.(\d+)\.\d+.*$/, (_, major, minor) => `${major}.${Number(minor) + 1}.0`);

describe('the versioning guide, its commands run in a copy of the repository', () => {
  it('when it is read, then each of its shell blocks is one of the examples run here', () => {
    const shellBlocks = fences(guide).filter((f) => ['sh', 'bash', 'shell', 'console'].includes(f.lang));

    expect([...examples.keys()]).toEqual(['check', 'release']);
    expect(shellBlocks.map((f) => f.text)).toEqual([...examples.values()]);
  });

  it("when the check is run on today's documents, then it passes on the last release", async () => {
    const { code, stdout } = await shell(examples.get('check')!, copy);

    expect(code).toBe(0);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^schema check against release \d+\.\d+\.\d+: 0 breaking, \d+ dangerous, \d+ safe; passed$/);
  }, 120_000);

  it('when a release is cut, then the version is raised, the documents kept and the changelog has its section', async () => {
    const before = version(copy);

    const { code, stdout } = await shell(examples.get('release')!, copy);

    const released = nextMinor(before);
    const changelog = readFileSync(join(copy, 'CHANGELOG.md'), 'utf8');
    expect(code).toBe(0);
    expect(stdout).toContain(`${released} released`);
    expect(version(copy)).toBe(released);
    expect(changelog.indexOf(`## ${released} — `)).toBeGreaterThan(0);
    expect(changelog.indexOf(`## ${released} — `)).toBeLessThan(changelog.indexOf(`## ${before}`));
    const today = currentDocuments(copy);
    expect(readFileSync(join(copy, 'schema/released/schema.graphql'), 'utf8')).toBe(today.graphql);
    expect(readFileSync(join(copy, 'schema/released/openapi.json'), 'utf8')).toBe(openApiText(today.openapi));

    const again = await shell('npm run --silent schema:release', copy);
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining(`${released} is released already`)]);
  }, 120_000);

  it('when a field is removed without a deprecation, then the check prints it as breaking and exits 1', async () => {
    const path = join(copy, 'schema.graphql');
    const document = parse(readFileSync(path, 'utf8'));
    const definitions = document.definitions.map((definition) => {
      const type = definition as DefinitionNode & { name?: { value: string }; fields?: FieldDefinitionNode[] };
      return type.name?.value === 'Order' ? ({ ...type, fields: type.fields!.filter((f) => f.name.value !== 'distance') } as DefinitionNode) : definition;
    });
    writeFileSync(path, print({ ...document, definitions }));

    const { code, stdout } = await shell(examples.get('check')!, copy);

    const lines = stdout.trim().split('\n');
    expect(code).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(/^BREAKING +GraphQL Order\.distance: /));
    expect(lines.at(-1)).toMatch(/: 1 breaking, \d+ dangerous, \d+ safe; FAILED/);
  }, 120_000);
});
