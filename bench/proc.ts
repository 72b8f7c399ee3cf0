import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { parseMachineStat, parseStat, type CpuSnapshot, type ThreadTime } from './cpu.js';

let ticks: number | undefined;

/** The kernel's clock ticks per second, in which /proc gives CPU times (USER_HZ, nearly always 100). */
export function ticksPerSecond(): number {
  if (ticks === undefined) {
    const answer = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    ticks = Number.isInteger(answer) && answer > 0 ? answer : 100;
  }
  return ticks;
}

/**
 * The server's threads (`pid`), the load generator's process (this one: autocannon runs in it)
 * and the machine, read one after the other.
 */
export async function cpuSnapshot(pid: number): Promise<CpuSnapshot> {
  return {
    pid,
    threads: await threadTimes(pid),
    loadGeneratorTicks: await readFile(`/proc/${process.pid}/stat`, 'utf8').then((line) => parseStat(line).ticks, () => null),
    machine: parseMachineStat(await readFile('/proc/stat', 'utf8')),
  };
}

async function threadTimes(pid: number): Promise<ThreadTime[]> {
  const tids = await readdir(`/proc/${pid}/task`);
  // A thread may end between the listing and its reading.
  const lines = await Promise.all(tids.map((tid) => readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => undefined)));
  return lines.flatMap((line) => (line === undefined ? [] : [parseStat(line)]));
}
