import { processTicks, type CpuSnapshot } from './cpu.js';

/** Who used the CPU over a window, in cores (1 = one core busy all the window). */
export interface WindowCpu {
  serviceCores: number;
  /** This process's, the load generator's; null when it could not be read. */
  loadGeneratorCores: number | null;
  /** Of the machine's CPU time over the window, the share no one used. */
  machineIdlePercent: number;
}

/**
 * The service's time (its processes', else its threads') between two snapshots over the window's `seconds`, in cores: for a
 * load that is not a count of answers (streams held open, deliveries made in the background). A
 * thread started within the window counts from zero; one that ended within it is not counted.
 */
export function windowCpu(before: CpuSnapshot, after: CpuSnapshot, seconds: number, ticksPerSecond: number): WindowCpu {
  if (!(seconds > 0)) throw new Error('a window of no time has no CPU share');
  const earlier = new Map(before.threads.map((t) => [t.tid, t.ticks]));
  const ticks = processTicks(before, after) ?? after.threads.reduce((sum, t) => sum + Math.max(0, t.ticks - (earlier.get(t.tid) ?? 0)), 0);
  const cores = (spent: number) => Math.round((spent / ticksPerSecond / seconds) * 100) / 100;
  const machineTotal = after.machine.total - before.machine.total;
  return {
    serviceCores: cores(ticks),
    loadGeneratorCores:
      before.loadGeneratorTicks !== null && after.loadGeneratorTicks !== null ? cores(after.loadGeneratorTicks - before.loadGeneratorTicks) : null,
    machineIdlePercent: machineTotal > 0 ? Math.round((1000 * (after.machine.idle - before.machine.idle)) / machineTotal) / 10 : Number.NaN,
  };
}
