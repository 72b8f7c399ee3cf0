import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './child-server.js';

async function run(command: string, args: string[], cwd: string) {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed (exit code ${code})`);
}

/**
 * The service as it was built at `ref`, in a worktree of its own with its own dependencies, built
 * as `npm start` builds it: what the current build is compared with, in the same run. `change`,
 * when given, edits the worktree's sources before the build. Removed when the bench exits.
 */
export async function buildBaseline(ref: string, change?: (dir: string) => void): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  const remove = () => {
    process.off('exit', remove);
    spawn('git', ['worktree', 'remove', '--force', dir], { cwd: REPO, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', remove);
  console.log(`building the baseline, ${ref}…`);
  await run('git', ['worktree', 'add', '--detach', dir, ref], REPO);
  change?.(dir);
  await run('npm', ['ci', '--no-audit', '--no-fund', '--silent'], dir);
  await run('npm', ['run', '--silent', 'build'], dir);
  return dir;
}
