import { describe, expect, it } from 'vitest';
import type { CpuSnapshot } from '../cpu.js';
import { isQuiet } from '../proc.js';
import { windowCpu } from '../window-cpu.js';

const snapshot = (threads: [number, number][], loadGeneratorTicks: number | null, idle: number, total: number): CpuSnapshot => ({
  pid: 100,
  threads: threads.map(([tid, ticks]) => ({ tid, name: tid === 100 ? 'MainThread' : 'WorkerThread', ticks })),
  loadGeneratorTicks,
  machine: { idle, total },
});

describe('windowCpu', () => {
  // 10 s at 100 ticks a second on two cores: 2,000 ticks of the machine.
  const before = snapshot([[100, 5_000], [101, 2_000]], 7_000, 3_000, 50_000);

  it("when the service's threads ran 1,500 ticks in 10 s, then it used 1.5 cores", () => {
    const after = snapshot([[100, 6_000], [101, 2_500]], 7_400, 3_200, 52_000);
    expect(windowCpu(before, after, 10, 100)).toEqual({ serviceCores: 1.5, loadGeneratorCores: 0.4, machineIdlePercent: 10 });
  });

  it('when a thread started within the window, then it counts from nothing; one that ended is not counted', () => {
    const after = snapshot([[100, 5_500], [102, 300]], 7_000, 3_000, 52_000);
    expect(windowCpu(before, after, 10, 100).serviceCores).toBe(0.8);
  });

  it("when the service's processes were read, then their time counts, a thread's that ended within the window with it", () => {
    const processes = (ticks: number) => ({ processes: [{ tid: 100, name: 'node', ticks }] });
    const after = snapshot([[100, 5_500], [102, 300]], 7_000, 3_000, 52_000);
    expect(windowCpu({ ...before, ...processes(7_000) }, { ...after, ...processes(8_200) }, 10, 100).serviceCores).toBe(1.2);
  });

  it('when this process could not be read, then its share is missing rather than zero', () => {
    const after = snapshot([[100, 5_100], [101, 2_000]], null, 3_000, 52_000);
    expect(windowCpu(before, after, 10, 100).loadGeneratorCores).toBeNull();
  });

  it('when the window took no time, then there is no share to give', () => {
    expect(() => windowCpu(before, before, 0, 100)).toThrow();
  });
});

describe('isQuiet', () => {
  it('when a service used less than a tenth of a core over the second, then it is quiet; a tenth or more, not', () => {
    expect(isQuiet(9, 1, 100)).toBe(true);
    expect(isQuiet(10, 1, 100)).toBe(false);
    expect(isQuiet(15, 2, 100)).toBe(true);
  });
});
