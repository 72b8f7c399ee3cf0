import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { groupMembers } from './memory.js';
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
 * The server's processes (`pid` and the rest of the group it leads: its workers when WORKERS > 1)
 * and their threads, the load generator's process (this one: autocannon runs in it) and the
 * machine, read one after the other.
 */
export async function cpuSnapshot(pid: number): Promise<CpuSnapshot> {
  const members = await groupMembers(pid);
  const processes = await Promise.all(members.map((member) => readFile(`/proc/${member}/stat`, 'utf8').then(parseStat, () => undefined)));
  const threads = await Promise.all(members.map((member) => threadTimes(member)));
  return {
    pid,
    threads: threads.flat(),
    processes: processes.filter((p): p is ThreadTime => p !== undefined),
    loadGeneratorTicks: await readFile(`/proc/${process.pid}/stat`, 'utf8').then((line) => parseStat(line).ticks, () => null),
    machine: parseMachineStat(await readFile('/proc/stat', 'utf8')),
  };
}

async function threadTimes(pid: number): Promise<ThreadTime[]> {
  // A process or thread may end between the listing and its reading.
  const tids = await readdir(`/proc/${pid}/task`).catch(() => []);
  const lines = await Promise.all(tids.map((tid) => readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => undefined)));
  return lines.flatMap((line) => (line === undefined ? [] : [Object.assign(parseStat(line), { process: pid })]));
}
