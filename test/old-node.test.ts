import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { section } from './docs/markdown.js';

// A newcomer on a Node older than package.json's engines floor is stopped before anything runs:
// `npm install` by npm itself (.npmrc's engine-strict), the scripts by scripts/check-node.mjs in
// one line. Each command runs as typed, with that older Node first on PATH, in a copy of the files
// the check needs, so no install or build can touch this clone even if the check let it through.

const ROOT = new URL('../', import.meta.url).pathname;
const COPIED = ['package.json', 'package-lock.json', '.npmrc', 'scripts/check-node.mjs'];
const wanted: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;
const floor = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(wanted.trim())?.[1];

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);
function isOlder(version: string, than: string): boolean {
  const [have, want] = [parts(version), parts(than)];
  for (let i = 0; i < 3; i++) if ((have[i] ?? 0) !== (want[i] ?? 0)) return (have[i] ?? 0) < (want[i] ?? 0);
  return false;
}

/** The first node on PATH, or the machine's /usr/bin/node, older than the floor. */
function olderNode(): { bin: string; version: string } | null {
  const candidates = (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'node')).concat('/usr/bin/node');
  const seen = new Set<string>();
  for (const candidate of candidates) {
    let bin: string;
    try {
      accessSync(candidate, constants.X_OK);
      bin = realpathSync(candidate);
    } catch {
      continue;
    }
    if (seen.has(bin)) continue;
    seen.add(bin);
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
    if (floor && isOlder(version, floor)) return { bin: candidate, version };
  }
  return null;
}

const old = olderNode();
const missing = old ? null : `no node older than ${floor} on PATH or at /usr/bin/node: put one first on PATH to run them`;
// CI machines ship an older Node (CI itself runs on Node 24 from .ci/node): missing there, the
// check is left untested, which is a broken run, not a reason to skip.
if (missing && process.env.CI) throw new Error(`${missing}; CI must run them`);

let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'old-node-'));
  mkdirSync(join(copy, 'scripts'));
  for (const file of COPIED) copyFileSync(join(ROOT, file), join(copy, file));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** `npm ARGS` in the copy, with `node` the one at `bin`'s folder: its exit code and all it printed. */
function npm(bin: string, args: string[]): Promise<{ code: number; lines: string[] }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${dirname(bin)}${delimiter}${process.env.PATH}` };
  for (const name of Object.keys(env)) if (/^npm_/i.test(name)) delete env[name]; // not this run's own npm's
  return new Promise((resolve) => {
    execFile('npm', args, { cwd: copy, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, lines: `${stdout}\n${stderr}`.split('\n').filter((line) => line.trim() !== '') });
    });
  });
}

/** What npm prints itself around a script: the `> package@version script` and `> command` lines. */
const isBanner = (line: string) => line.startsWith('> ');

describe('the engines floor', () => {
  it('when package.json is read, then engines.node is a floor the check reads', () => {
    expect(floor, `engines.node is ${wanted}`).toMatch(/^\d+(\.\d+){0,2}$/);
  });

  it('when the check runs on this Node, then it says nothing and lets the command go on', async () => {
    const result = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'scripts/check-node.mjs')], { env: { ...process.env, npm_lifecycle_event: 'prestart' } }, (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, output: stdout + stderr }),
      );
    });

    expect(result).toEqual({ code: 0, output: '' });
  });

  it("when npm install runs on this Node, then engine-strict refuses none of the lock file's packages", async () => {
    const { code, lines } = await npm(process.execPath, ['install', '--dry-run', '--no-audit', '--no-fund']);

    expect(lines.filter((line) => /EBADENGINE|npm error/.test(line))).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});

// The commands as a newcomer types them, all at once: each is refused before it does anything.
const COMMANDS = ['start', 'test', 'run dev', 'install'];

describe(`npm on node ${old?.version ?? `older than ${floor}`}${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const runs = new Map<string, Promise<{ code: number; lines: string[] }>>();
  beforeAll(() => {
    for (const command of COMMANDS) runs.set(command, npm(old!.bin, command.split(' ')));
  });

  it.skipIf(missing !== null).each(['start', 'test', 'run dev'])('when `npm %s` runs, then it stops in one line: the Node needed, the one found, and the npx form', async (command) => {
    const { code, lines } = await runs.get(command)!;
    const said = lines.filter((line) => !isBanner(line));

    expect(said).toEqual([expect.stringContaining(`npx -y -p node@24 -- npm ${command}`)]);
    expect(said[0]).toContain(` ${floor} `);
    expect(said[0]).toContain(old!.version);
    expect(code).toBe(1);
  }, 60_000);

  it.skipIf(missing !== null)("when `npm start` runs, then it prints the README's line", async () => {
    const shown = /^This service needs .*$/m.exec(section(readFileSync(join(ROOT, 'README.md'), 'utf8'), '## Two commands'))?.[0];
    const found = shown?.match(/v\d+\.\d+\.\d+/)?.[0] ?? '';

    const { lines } = await runs.get('start')!;

    expect(lines.filter((line) => !isBanner(line))).toEqual([shown?.replace(found, old!.version)]);
  }, 60_000);

  it.skipIf(missing !== null)('when `npm install` runs, then npm refuses it before touching node_modules, naming the Node needed and the one found', async () => {
    const { code, lines } = await runs.get('install')!;

    expect(lines).toEqual(expect.arrayContaining([`npm error notsup Required: {"node":"${wanted}"}`, expect.stringMatching(new RegExp(`^npm error notsup Actual: +\\{"node":"${old!.version}"`))]));
    expect(lines.every((line) => line.startsWith('npm error ')), lines.join('\n')).toBe(true);
    expect(() => accessSync(join(copy, 'node_modules'))).toThrow();
    expect(code).not.toBe(0);
  }, 60_000);
});
