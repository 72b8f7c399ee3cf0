import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readText, ROOT, section } from '../docs/markdown.js';
import { startFrontedService, type FrontedService } from '../support/fronted-service.js';
import { restBody, SECRET, signTestToken } from '../support/service.js';

const run = promisify(execFile);
// What `npm run simulate` runs, without npm in between: a signal reaches the simulator as Ctrl-C's would.
const SIMULATE = (JSON.parse(readText('package.json')) as { scripts: Record<string, string> }).scripts.simulate!.split(' ');
const tsx = (args: string[]) => [`${ROOT}node_modules/.bin/${SIMULATE[0]}`, [...SIMULATE.slice(1), ...args]] as const;
const env = () => Object.assign({}, process.env, { AUTH_JWT_SECRET: SECRET });

// The README's command, from the end of its "Try it".
const command = /`npm run simulate -- ([^`]*)`/.exec(section(readText('README.md'), '## Try it'))?.[1];

let service: FrontedService;
beforeAll(async () => {
  service = await startFrontedService({ listen: true });
});
afterAll(() => service?.close());

describe("the README's simulator command", () => {
  it('when `npm run simulate -- --help` is run, then it says every option and exits 0', async () => {
    const [file, args] = tsx(['--help']);
    const { stdout } = await run(file, args, { cwd: ROOT, env: env() });

    for (const option of ['--url', '--speed', '--poll', '--tick', '--pay', '--owner', 'DATA_DIR']) expect(stdout).toContain(option);
  }, 30_000);

  it("when its tokens are signed with another secret than the service's, then it stops at once with the service's reason, exit 1", async () => {
    const [file, args] = tsx(['--url', service.base!, 'demo-030']);
    const other = Object.assign(env(), { AUTH_JWT_SECRET: `${SECRET}-but-another` });

    const failed = await run(file, args, { cwd: ROOT, env: other }).then(() => null, (error: { code: number; stderr: string }) => error);

    expect([failed?.code, failed?.stderr]).toEqual([1, expect.stringContaining('UNAUTHENTICATED')]);
  }, 30_000);

  it("when it runs against the service, then developer's order is paid and FINISHED, and SIGTERM stops it cleanly", async () => {
    expect(command).toBe('--pay');
    const auth = `Bearer ${await signTestToken({ sub: 'developer' })}`;
    const created = await service.rest(restBody(), { auth });
    const id = String((created.body as { id: number }).id);

    // Quicker than the README's pace, so that the trip takes a second or two.
    const [file, args] = tsx([...command!.split(' '), '--url', service.base!, '--speed', '1000', '--tick', '200', '--poll', '500']);
    const child = spawn(file, args, { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    try {
      await expect
        .poll(async () => (await service.gql('query($id: ID!) { order(id: $id) { status } }', { id }, { auth })).body.data?.order?.status, {
          timeout: 120_000,
          interval: 250,
        })
        .toBe('FINISHED');
    } finally {
      child.kill('SIGTERM');
    }
    const code = await exited;

    expect(output).toContain(`payer: paid order ${id}`);
    expect(output).toMatch(new RegExp(`order ${id} → FINISHED`));
    expect([code, output.trim().split('\n').slice(-2)]).toEqual([0, ['SIGTERM: stopping', 'stopped']]);
  }, 180_000);
});
