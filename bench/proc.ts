import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
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

// A service is quiet once its processes use less than this share of one core over a second: the
// work its start leaves in the background (most likely the store's WebAssembly optimized on
// V8's helper threads) is done. On a loaded machine that tail ran for many seconds past
// /readyz, into the measured window of whichever service started last, and doubled its CPU per
// order there.
const QUIET_SHARE_OF_CORE = 0.1;
const QUIET_WINDOW_MS = 1_000;
const QUIET_WITHIN_MS = 120_000;

/** Whether `ticks` spent over `seconds` is under `share` of one core. */
export const isQuiet = (ticks: number, seconds: number, ticksPerSecond: number, share = QUIET_SHARE_OF_CORE): boolean =>
  ticks / ticksPerSecond / seconds < share;

/** Waits until the processes of the group `pid` leads are quiet; false when they were not within two minutes. */
export async function quiet(pid: number): Promise<boolean> {
  const deadline = Date.now() + QUIET_WITHIN_MS;
  let last = await groupTicks(pid);
  while (Date.now() < deadline) {
    await sleep(QUIET_WINDOW_MS);
    const now = await groupTicks(pid);
    if (isQuiet(now - last, QUIET_WINDOW_MS / 1000, ticksPerSecond())) return true;
    last = now;
  }
  return false;
}

async function groupTicks(pid: number): Promise<number> {
  const members = await groupMembers(pid);
  const lines = await Promise.all(members.map((member) => readFile(`/proc/${member}/stat`, 'utf8').catch(() => undefined)));
  return lines.reduce((sum, line) => sum + (line === undefined ? 0 : parseStat(line).ticks), 0);
}

async function threadTimes(pid: number): Promise<ThreadTime[]> {
  // A process or thread may end between the listing and its reading.
  const tids = await readdir(`/proc/${pid}/task`).catch(() => []);
  const lines = await Promise.all(tids.map((tid) => readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => undefined)));
  return lines.flatMap((line) => (line === undefined ? [] : [Object.assign(parseStat(line), { process: pid })]));
}
