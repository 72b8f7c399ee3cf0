import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { markedFences, readText, ROOT } from './markdown.js';

const run = promisify(execFile);

const [example] = markedFences(readText('README.md'), 'readme-npx');
const line = example?.fence.text.trim() ?? '';
const form = /^(?<name>[A-Z_]+)=(?<value>\S+) (?<npx>npx -y -p node@\d+ --) npm start$/.exec(line)?.groups;

describe("the README's setting given through npx", () => {
  it('when it is read, then it is one setting before the npx form of npm start', () => {
    expect(form).toBeDefined();
  });

  // npm start runs its script with the environment npm was given; npm's own `run env` script
  // prints that environment without starting a server. npx fetches Node from the registry the
  // first time: with neither the registry nor its cache there is nothing to show.
  it('when it runs, then the script npm start runs sees the setting', async (context) => {
    const { name = '', value = '', npx = '' } = form ?? {};
    const script = `${name}=${value} ${npx} npm run --silent env`;
    const printed = await run('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: ROOT,
      timeout: 120_000,
      env: Object.assign({}, process.env, { npm_config_prefer_offline: 'true' }),
    }).catch((error: { stderr?: string }) => ({ stdout: null, stderr: error.stderr ?? String(error) }));
    if (printed.stdout === null && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENOTCACHED/.test(printed.stderr)) {
      context.skip(`npx could not fetch Node: ${printed.stderr.split('\n')[0]}`);
    }

    expect(printed.stdout?.split('\n')).toContain(`${name}=${value}`);
  }, 150_000);
});
