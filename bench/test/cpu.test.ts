import { describe, expect, it } from 'vitest';
import { cpuPerOrder, medianCpu, parseMachineStat, parseStat, threadGroup, type CpuPerOrder, type CpuSnapshot } from '../cpu.js';

const PID = 4100;

/** A line of /proc/<pid>/task/<tid>/stat as the kernel writes it, with the given utime and stime. */
const statLine = (tid: number, name: string, utime: number, stime: number) =>
  `${tid} (${name}) S 1 ${PID} ${PID} 0 -1 4194560 31297 0 0 0 ${utime} ${stime} 0 0 20 0 12 0 1834 1310720000 80111 ` +
  '18446744073709551615 1 1 0 0 0 0 0 16781312 134234626 0 0 0 17 1 0 0 0 0 0';

/** The first line of /proc/stat, in the kernel's order. */
const machineLine = (t: { user: number; system: number; idle: number; iowait: number; steal: number }) =>
  `cpu  ${t.user} 0 ${t.system} ${t.idle} ${t.iowait} 0 10 ${t.steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1 2 3\n`;

function snapshot(lines: string[], loadGeneratorLine: string | null, machine: string): CpuSnapshot {
  return {
    pid: PID,
    threads: lines.map(parseStat),
    loadGeneratorTicks: loadGeneratorLine === null ? null : parseStat(loadGeneratorLine).ticks,
    machine: parseMachineStat(machine),
  };
}

describe('reading /proc', () => {
  it('when a thread name holds spaces and parentheses, then its times are still read from the right fields', () => {
    const thread = parseStat(statLine(4107, 'odd) name (x', 250, 40));
    expect(thread).toEqual({ tid: 4107, name: 'odd) name (x', ticks: 290 });
  });

  it('when /proc/stat is read, then idle counts I/O wait and the total leaves out guest time, already in user', () => {
    const machine = parseMachineStat(machineLine({ user: 1000, system: 300, idle: 600, iowait: 100, steal: 40 }));
    expect(machine).toEqual({ idle: 700, total: 1000 + 300 + 600 + 100 + 10 + 40 });
  });

  it('when a line is not a stat line, then it is refused rather than read as zero', () => {
    expect(() => parseStat('no parentheses here')).toThrow();
    expect(() => parseMachineStat('intr 1 2 3\n')).toThrow();
  });
});

describe('threadGroup', () => {
  it("when the thread is the process's own, then it is the HTTP thread, whatever its name", () => {
    expect(threadGroup({ tid: PID, name: 'node', ticks: 0 }, PID)).toBe('httpThread');
    expect(threadGroup({ tid: PID, name: 'MainThread', ticks: 0 }, PID)).toBe('httpThread');
  });

  it("when the thread is a worker process's own, then it is an HTTP thread too; the same thread read as the leader's is not", () => {
    expect(threadGroup({ tid: 4200, name: 'node', ticks: 0, process: 4200 }, PID)).toBe('httpThread');
    expect(threadGroup({ tid: 4201, name: 'V8Worker', ticks: 0, process: 4200 }, PID)).toBe('helpers');
  });

  it("when the thread is a worker_threads thread, named or not, then it is the store's", () => {
    expect(threadGroup({ tid: PID + 70, name: 'WorkerThread', ticks: 0 }, PID)).toBe('storeThread');
    expect(threadGroup({ tid: PID + 70, name: 'store', ticks: 0 }, PID)).toBe('storeThread');
  });

  it("when the thread is V8's, libuv's or node's own, then it is a helper", () => {
    for (const name of ['V8Worker', 'libuv-worker', 'DelayedTaskSche', 'SignalInspector']) {
      expect(threadGroup({ tid: PID + 5, name, ticks: 0 }, PID)).toBe('helpers');
    }
  });
});

describe('cpuPerOrder', () => {
  const before = snapshot(
    [
      statLine(PID, 'MainThread', 5000, 1000),
      statLine(4102, 'V8Worker', 300, 20),
      statLine(4103, 'V8Worker', 280, 25),
      statLine(4111, 'WorkerThread', 2000, 700),
      statLine(4112, 'libuv-worker', 3, 1),
    ],
    statLine(900, 'node', 7000, 2000),
    machineLine({ user: 10_000, system: 4_000, idle: 5_000, iowait: 0, steal: 0 }),
  );

  // 20,000 orders answered in a 2 s window at 100 ticks a second: the two cores' 400 ticks.
  const after = snapshot(
    [
      statLine(PID, 'MainThread', 5130, 1030), // 160 ticks: 1.6 s over 20,000 orders
      statLine(4102, 'V8Worker', 304, 22), // 6 ticks
      statLine(4103, 'V8Worker', 283, 26), // 4 ticks
      statLine(4111, 'WorkerThread', 2050, 710), // 60 ticks
      statLine(4112, 'libuv-worker', 3, 1), // none
      statLine(4120, 'libuv-worker', 2, 0), // started within the window: 2 ticks
    ],
    statLine(900, 'node', 7028, 2006), // 34 ticks
    machineLine({ user: 10_260, system: 4_070, idle: 5_055, iowait: 5, steal: 10 }),
  );
  const answered = { orders: 20_000, requests: 20_000 };

  it("when the server answered orders in the window, then each group's ticks become µs per order", () => {
    const cpu = cpuPerOrder(before, after, answered, 100);
    expect(cpu.httpThreadUs).toBe(80);
    expect(cpu.storeThreadUs).toBe(30);
    expect(cpu.helpersUs).toBe(6);
    expect(cpu.totalUs).toBe(116);
    expect(cpu.byThreadName).toEqual({ MainThread: 80, V8Worker: 5, WorkerThread: 30, 'libuv-worker': 1 });
  });

  it('when the load generator runs in a process of its own, then its CPU is given per request answered', () => {
    expect(cpuPerOrder(before, after, answered, 100).loadGeneratorUs).toBe(17);
  });

  it("when the machine's counters moved, then the idle share is idle and I/O wait over all of it", () => {
    expect(cpuPerOrder(before, after, answered, 100).machineIdlePercent).toBe(15); // 60 of 400 ticks
  });

  it('when the load generator could not be read, then its figure is missing rather than zero', () => {
    const unreadable = { ...after, loadGeneratorTicks: null };
    expect(cpuPerOrder(before, unreadable, answered, 100).loadGeneratorUs).toBeNull();
  });

  it('when the server has no worker thread, then its store figure is missing rather than zero', () => {
    const bare = (s: CpuSnapshot) => ({ ...s, threads: s.threads.filter((t) => t.name !== 'WorkerThread') });
    const cpu = cpuPerOrder(bare(before), bare(after), answered, 100);
    expect(cpu.storeThreadUs).toBeNull();
    expect(cpu.totalUs).toBe(86);
  });

  it("when each process's own time was read, then the service's total is theirs, with the threads that ended within the window", () => {
    // The process's 260 ticks hold a helper's 30 that ended before the second reading: 13 µs an order more than its living threads' 232.
    const withProcess = (s: CpuSnapshot, ticks: number): CpuSnapshot => ({ ...s, processes: [{ tid: PID, name: 'node', ticks }] });
    const cpu = cpuPerOrder(withProcess(before, 10_000), withProcess(after, 10_260), answered, 100);
    expect(cpu.totalUs).toBe(130);
    expect(cpu.httpThreadUs).toBe(80);
  });

  it('when the service runs worker processes, then every process of its group counts, one started within the window from zero', () => {
    const WORKER = 4200;
    const group = (s: CpuSnapshot, processes: [number, number][], workerThreads: string[]): CpuSnapshot => ({
      ...s,
      threads: [...s.threads, ...workerThreads.map((line) => Object.assign(parseStat(line), { process: WORKER }))],
      processes: processes.map(([tid, ticks]) => ({ tid, name: 'node', ticks })),
    });
    const cpu = cpuPerOrder(
      group(before, [[PID, 10_000]], []),
      group(after, [[PID, 10_232], [WORKER, 120]], [statLine(WORKER, 'node', 100, 20)]),
      answered,
      100,
    );
    expect(cpu.totalUs).toBe(176); // 232 + 120 ticks over 20,000 orders
    // The worker's first thread serves HTTP, as the leader's does.
    expect(cpu.httpThreadUs).toBe(140);
  });

  it('when the kernel counts another number of ticks a second, then the µs follow it', () => {
    expect(cpuPerOrder(before, after, answered, 250).httpThreadUs).toBe(32);
  });

  it('when no order was answered, then there is no figure per order to give', () => {
    expect(() => cpuPerOrder(before, after, { orders: 0, requests: 0 }, 100)).toThrow();
  });
});

describe('medianCpu', () => {
  const round = (http: number, store: number | null, loadGenerator: number | null, names: Record<string, number>): CpuPerOrder => ({
    httpThreadUs: http,
    storeThreadUs: store,
    helpersUs: 5,
    totalUs: http + (store ?? 0) + 5,
    byThreadName: names,
    loadGeneratorUs: loadGenerator,
    machineIdlePercent: 20,
    orders: 30_000,
  });

  it('when rounds differ, then each figure is the median of its own rounds', () => {
    const cpu = medianCpu([round(60, 30, 17, { MainThread: 60 }), round(90, 28, null, { MainThread: 90 }), round(70, 40, 21, { MainThread: 70, V8Worker: 5 })]);
    expect(cpu.httpThreadUs).toBe(70);
    expect(cpu.storeThreadUs).toBe(30);
    // The rounds' totals (95, 123, 115), not the sum of the parts' medians (105).
    expect(cpu.totalUs).toBe(115);
    expect(cpu.loadGeneratorUs).toBe(19);
    // A thread a round did not have counts as nothing in that round.
    expect(cpu.byThreadName).toEqual({ MainThread: 70, V8Worker: 0 });
  });

  it('when no round had a store thread, then the median has none either', () => {
    expect(medianCpu([round(20, null, 11, {}), round(22, null, 12, {})]).storeThreadUs).toBeNull();
  });
});
