import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, ROOT, section } from './docs/markdown.js';

// The reporter that ends a run with a line per reason tests were skipped, run as vitest runs it:
// in a vitest of its own, over a test file made for it, and over one of the suite's own files
// without PostgreSQL, whose reason must be the one the README shows.

const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const REPORTER = join(ROOT, 'test/support/skip-summary.ts');

/** vitest run in `cwd` with ARGS, PostgreSQL and CI unset: the lines it printed. */
function vitest(cwd: string, args: string[]): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of ['TEST_DATABASE_URL', 'CI', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST', 'NODE_ENV']) delete env[name];
  return new Promise((resolve) => {
    execFile(process.execPath, [VITEST, 'run', ...args], { cwd, env, timeout: 90_000 }, (_error, stdout, stderr) =>
      resolve(`${stdout}\n${stderr}`.split('\n').map((line) => line.trimEnd())),
    );
  });
}

const summary = (lines: string[]) => lines.filter((line) => line.startsWith('skipped: '));

const FIXTURE = `
import { describe, it } from 'vitest';

describe.skipIf(true)('on a server (skipped: start the server (on port 1) to run them)', () => {
  it('one', () => {});
  describe('within', () => {
    it('two', () => {});
  });
});
describe('in a suite that runs', () => {
  it('runs', () => {});
  it.skipIf(true)('a test whose own title says (skipped: start the server (on port 1) to run them)', () => {});
  it('skips itself', (context) => context.skip('set SOMETHING=1 to run it'));
  it.skip('a bare skip', () => {});
  it.todo('a test to write');
});
describe.skipIf(true)('with two needs (skipped: set SOMETHING=1 to run it) (skipped: another)', () => {
  it('three', () => {});
});
`;

describe.concurrent('the skip summary', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'skip-summary-'));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(dir, 'skips.test.ts'), FIXTURE);
    writeFileSync(join(dir, 'none.test.ts'), "import { it } from 'vitest';\n\nit('runs', () => {});\n");
    writeFileSync(join(dir, 'vitest.config.ts'), `export default { test: { reporters: ['default', ${JSON.stringify(REPORTER)}] } };\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when tests are skipped, then the run ends with a line per reason, the largest first: from a suite, a title or the test itself; a todo is not counted', async () => {
    const lines = await vitest(dir, ['skips.test.ts']);

    expect(summary(lines), lines.join('\n')).toEqual([
      'skipped: 3 tests — start the server (on port 1) to run them',
      'skipped: 2 tests — set SOMETHING=1 to run it',
      'skipped: 1 test — no reason in their titles (a bare skip or only)',
    ]);
    expect(lines.findIndex((line) => /^\s*Duration /.test(line)), 'after vitest\'s own summary').toBeLessThan(lines.indexOf(summary(lines)[0]!));
  }, 90_000);

  it('when a name filter leaves tests out, then only the skips with a reason are counted', async () => {
    const lines = await vitest(dir, ['skips.test.ts', '-t', 'runs']);

    expect(summary(lines), lines.join('\n')).toEqual(['skipped: 3 tests — start the server (on port 1) to run them', 'skipped: 2 tests — set SOMETHING=1 to run it']);
  }, 90_000);

  it('when nothing is skipped, then it adds nothing', async () => {
    const lines = await vitest(dir, ['none.test.ts']);

    expect(lines.some((line) => /Tests\s+1 passed/.test(line)), lines.join('\n')).toBe(true);

    expect(summary(lines), lines.join('\n')).toEqual([]);
  }, 90_000);

  it("when the suite runs without TEST_DATABASE_URL, then the PostgreSQL tests' line is the README's", async () => {
    const shown = /`(skipped: \d+ tests — [^`]+)`/.exec(section(readText('README.md'), '## Tests'))?.[1];

    // The file's other tests are left out by the filter; its PostgreSQL suite is skipped for its reason.
    const lines = await vitest(ROOT, ['--project', 'all', 'test/orders/store/order-store.test.ts', '-t', 'PostgreSQL']);

    const reason = (line: string | undefined) => /^skipped: \d+ tests? — (.+)$/.exec(line ?? '')?.[1];
    expect(summary(lines), lines.join('\n')).toHaveLength(1);
    expect(reason(summary(lines)[0])).toBe(reason(shown));
    expect(reason(shown)).toBeDefined();
  }, 90_000);
});
