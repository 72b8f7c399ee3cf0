import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../../src/http/error-table.js';
import { SECRET, startTestService, type TestService } from '../support/service.js';
import { readText, ROOT, section, tableRows } from './markdown.js';

const run = promisify(execFile);
const readme = readText('README.md');
const scripts = (JSON.parse(readText('package.json')) as { scripts: Record<string, string> }).scripts;

// The commands in code spans and code blocks, one a line, without a trailing comment.
const commands = [...readme.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!).concat(readme.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()));
const tokenCommands = [...new Set(commands.flatMap((c) => /^(npm run (?:--silent )?token(?: -- .+)?)$/.exec(c)?.[1] ?? []))];

/** Runs a README command from the repository's root, with the secret the test service checks. */
const runCommand = (command: string) =>
  run('bash', ['-euo', 'pipefail', '-c', command.replace(/^npm run (?!--silent)/, 'npm run --silent ')], {
    cwd: ROOT,
    env: Object.assign({}, process.env, { AUTH_JWT_SECRET: SECRET }),
  });

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

describe('the README', () => {
  it('when a newcomer opens it, then it is a front door of at most 350 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(350);
  });

  it('when it names an npm script, then package.json has it', () => {
    const named = commands.flatMap((c) => [...c.matchAll(/(?:^|&& |-- |\$\()npm (?:run (?:--silent )?)?([\w:-]+)/g)].map((m) => m[1]!));
    const missing = [...new Set(named)].filter((name) => name !== 'install' && name !== 'run' && !scripts[name]);

    expect(named).toEqual(expect.arrayContaining(['start', 'test', 'token']));
    expect(missing).toEqual([]);
  });

  it.each(tokenCommands)('when `%s` is run, then it prints a token signed for the service', async (command) => {
    const { stdout } = await runCommand(command);

    const answer = await service.call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
      auth: `Bearer ${stdout.trim()}`,
    });
    expect(answer.status).toBe(200);
  }, 30_000);

  it("when the metrics token command's token asks for /metrics, then it is served; a token without the scope is refused 403", async () => {
    const command = tokenCommands.find((c) => c.includes('metrics:read'));
    expect(command, 'a command for a metrics:read token').toBeDefined();
    const { stdout } = await runCommand(command!);
    const token = stdout.trim();

    const served = await service.call('/metrics', { auth: `Bearer ${token}` });
    const refused = await service.call('/metrics');

    expect(decodeJwt(token).scope).toBe('metrics:read');
    expect([served.status, served.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/plain')]);
    expect([refused.status, refused.body?.code]).toEqual([403, 'FORBIDDEN']);
  }, 30_000);

  it("when it lists errors, then each has the error table's status", () => {
    const rows = tableRows(section(readme, '## Errors')).map(([status, code]) => [Number(status), /`(\w+)`/.exec(code ?? '')?.[1]] as const);
    const table = ERROR_TABLE as Record<string, { status: number } | undefined>;

    expect(rows.length).toBeGreaterThan(0);
    for (const [status, code] of rows) expect([code, status]).toEqual([code, table[code ?? '']?.status]);
  });
});
