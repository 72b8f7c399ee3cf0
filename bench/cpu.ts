import { median } from './median.js';

// CPU time per order, from /proc, for the figure that holds whatever else shares the machine: the
// service's own CPU time (user + system, every thread, and every process of its group when it
// runs workers) divided by the requests it answered, where a share of a ceiling's rate measured
// beside it, or a closed loop's latency, moves with the load generator and the other tenants.

/** One thread's CPU time so far, as /proc/<pid>/task/<tid>/stat gives it. */
export interface ThreadTime {
  tid: number;
  /** The thread's name (its comm: "MainThread", "WorkerThread", "V8Worker", "libuv-worker"…). */
  name: string;
  /** utime + stime, in clock ticks. */
  ticks: number;
  /** The process the thread belongs to, when read from a process group; else the snapshot's `pid`. */
  process?: number;
}

/** The machine's CPU time so far, from the first line of /proc/stat, in clock ticks. */
export interface MachineTime {
  idle: number;
  total: number;
}

/** What is read from /proc at each end of the measured window. */
export interface CpuSnapshot {
  /** The server's process: its main thread's tid, and the leader of its process group. */
  pid: number;
  threads: ThreadTime[];
  /**
   * Each process of the server's group as its /proc/<pid>/stat gives it: utime + stime of all its
   * threads, those that ended too. The service's total is theirs when read; else its threads'.
   */
  processes?: ThreadTime[];
  /** The load generator's process, all threads; null when it cannot be read. */
  loadGeneratorTicks: number | null;
  machine: MachineTime;
}

export type ThreadGroup = 'httpThread' | 'storeThread' | 'helpers';

export const THREAD_GROUP_TITLES: Record<ThreadGroup, string> = {
  httpThread: 'HTTP thread',
  storeThread: 'store thread',
  helpers: 'helpers',
};

export interface CpuPerOrder {
  /** µs of each group of the server's threads per order answered in the window. */
  httpThreadUs: number;
  /** null when the server has no such thread (bare node:http). */
  storeThreadUs: number | null;
  helpersUs: number;
  /**
   * The service's own CPU per request answered: every process of its group, every thread, those
   * that ended within the window too (so at least the groups' sum).
   */
  totalUs: number;
  /** µs per thread name, the groups' detail. */
  byThreadName: Record<string, number>;
  /** µs of the load generator's process per request answered; null when it could not be read. */
  loadGeneratorUs: number | null;
  /** Of the machine's CPU time over the window, the share no one used (idle and I/O wait). */
  machineIdlePercent: number;
  orders: number;
}

/**
 * One line of /proc/<pid>/task/<tid>/stat (or /proc/<pid>/stat). The name sits in parentheses
 * and may hold spaces or parentheses itself, so the fields are counted from the last ")": the
 * state is field 3, utime field 14 and stime field 15.
 */
export function parseStat(line: string): ThreadTime {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a stat line: ${line.slice(0, 80)}`);
  const fields = line.slice(close + 2).trim().split(/\s+/);
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`no utime and stime in: ${line.slice(0, 80)}`);
  return { tid: Number(line.slice(0, open).trim()), name: line.slice(open + 1, close), ticks: utime + stime };
}

/** The "cpu" line of /proc/stat: user nice system idle iowait irq softirq steal (guest is inside user). */
export function parseMachineStat(text: string): MachineTime {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) throw new Error('no "cpu" line in /proc/stat');
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

/**
 * The process's first thread runs its JavaScript and its HTTP server. Threads of node:worker_threads
 * are named "WorkerThread" unless given a name; the service starts one, for its store. The rest are
 * V8's and libuv's (and node's own) helpers.
 */
export function threadGroup(thread: ThreadTime, pid: number): ThreadGroup {
  // A worker process (WORKERS > 1) runs its own HTTP server on its own first thread.
  if (thread.tid === (thread.process ?? pid)) return 'httpThread';
  if (thread.name === 'WorkerThread' || /store/i.test(thread.name)) return 'storeThread';
  return 'helpers';
}

/**
 * The server's CPU per order over the window between two snapshots, by group of threads. A
 * thread started within the window counts from zero; one that ended within it is not counted.
 */
export function cpuPerOrder(before: CpuSnapshot, after: CpuSnapshot, answered: { orders: number; requests: number }, ticksPerSecond: number): CpuPerOrder {
  if (answered.orders <= 0) throw new Error('no order answered in the window');
  const usPerOrder = (ticks: number) => round((ticks * 1e6) / ticksPerSecond / answered.orders);
  const earlier = new Map(before.threads.map((t) => [t.tid, t.ticks]));
  const groups: Record<ThreadGroup, number> = { httpThread: 0, storeThread: 0, helpers: 0 };
  const present = new Set<ThreadGroup>();
  const byName: Record<string, number> = {};
  for (const thread of after.threads) {
    const spent = Math.max(0, thread.ticks - (earlier.get(thread.tid) ?? 0));
    const group = threadGroup(thread, after.pid);
    groups[group] += spent;
    present.add(group);
    byName[thread.name] = (byName[thread.name] ?? 0) + spent;
  }
  const loadGenerator = before.loadGeneratorTicks !== null && after.loadGeneratorTicks !== null && answered.requests > 0
    ? round(((after.loadGeneratorTicks - before.loadGeneratorTicks) * 1e6) / ticksPerSecond / answered.requests)
    : null;
  const machineTotal = after.machine.total - before.machine.total;
  return {
    totalUs: usPerOrder(processTicks(before, after) ?? groups.httpThread + groups.storeThread + groups.helpers),
    httpThreadUs: usPerOrder(groups.httpThread),
    storeThreadUs: present.has('storeThread') ? usPerOrder(groups.storeThread) : null,
    helpersUs: usPerOrder(groups.helpers),
    byThreadName: Object.fromEntries(Object.entries(byName).map(([name, ticks]) => [name, usPerOrder(ticks)])),
    loadGeneratorUs: loadGenerator,
    machineIdlePercent: machineTotal > 0 ? round((100 * (after.machine.idle - before.machine.idle)) / machineTotal) : Number.NaN,
    orders: answered.orders,
  };
}

/**
 * The ticks every process of the group spent between two snapshots, when both read them: a
 * process started within the window counts from zero, one that ended within it is not counted.
 */
export function processTicks(before: CpuSnapshot, after: CpuSnapshot): number | undefined {
  if (!before.processes || !after.processes) return undefined;
  const earlier = new Map(before.processes.map((p) => [p.tid, p.ticks]));
  return after.processes.reduce((sum, p) => sum + Math.max(0, p.ticks - (earlier.get(p.tid) ?? 0)), 0);
}

/** Several rounds' figures as one: each figure the median of its rounds. */
export function medianCpu(rounds: CpuPerOrder[]): CpuPerOrder {
  if (rounds.length === 0) throw new Error('no rounds to summarize');
  const of = (pick: (c: CpuPerOrder) => number) => round(median(rounds.map(pick)));
  const names = [...new Set(rounds.flatMap((r) => Object.keys(r.byThreadName)))].sort();
  const ofPresent = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length > 0 ? round(median(present)) : null;
  };
  return {
    httpThreadUs: of((r) => r.httpThreadUs),
    storeThreadUs: ofPresent(rounds.map((r) => r.storeThreadUs)),
    helpersUs: of((r) => r.helpersUs),
    totalUs: of((r) => r.totalUs),
    byThreadName: Object.fromEntries(names.map((name) => [name, of((r) => r.byThreadName[name] ?? 0)])),
    loadGeneratorUs: ofPresent(rounds.map((r) => r.loadGeneratorUs)),
    machineIdlePercent: of((r) => r.machineIdlePercent),
    orders: of((r) => r.orders),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
