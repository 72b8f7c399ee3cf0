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

/** An edit of a worktree's sources before its build, and what the build then is. */
export interface SourceChange {
  /** What the edited build is, after its ref: "less its creation event". */
  what: string;
  apply(dir: string): void;
}

/**
 * The service as it was built at `ref`, in a worktree of its own with its own dependencies, built
 * as `npm start` builds it: what the current build is compared with, in the same run; `change`
 * edits its sources first. Removed when the bench exits.
 */
export async function buildBaseline(ref: string, change?: SourceChange): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  const remove = () => {
    process.off('exit', remove);
    spawn('git', ['worktree', 'remove', '--force', dir], { cwd: REPO, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', remove);
  console.log(change ? `building ${ref} ${change.what}…` : `building the baseline, ${ref}…`);
  await run('git', ['worktree', 'add', '--detach', dir, ref], REPO);
  change?.apply(dir);
  await run('npm', ['ci', '--no-audit', '--no-fund', '--silent'], dir);
  await run('npm', ['run', '--silent', 'build'], dir);
  return dir;
}
