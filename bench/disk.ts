import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Returns once the kernel has written every dirty page to disk (`sync`). A scenario measured
 * while pages written before it were still going out paid for them: the roster imports leave
 * many, and a row measured while they went out ran slower (docs/performance.md).
 */
export async function flushDisk(): Promise<void> {
  await promisify(execFile)('sync');
}
