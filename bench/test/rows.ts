import type { CpuPerOrder } from '../cpu.js';
import { CEILING, type Measurement } from '../measurement.js';
import { median } from '../median.js';

/** A row as the bench reports one measured in `rounds` (req/s each): its median round, and `over`. */
export const measuredInRounds = (scenario: string, rounds: number[], over: Partial<Measurement> = {}): Measurement =>
  Object.assign(
    {
      scenario,
      okPerSecond: [...rounds].sort((a, b) => a - b)[Math.floor((rounds.length - 1) / 2)]!,
      p50Ms: 3,
      p99Ms: 8,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      peakRssMb: 400,
      startRssMb: 300,
      shareOfCeilingPercent: Number.NaN,
      roundsPerSecond: rounds,
      interleavedWith: CEILING,
    },
    over,
  );

/** The service's CPU per request of each round (µs), as a row measured in them carries it: each round's total and their median. */
export const cpuInRounds = (roundsCpuUs: number[]): Pick<Measurement, 'cpu' | 'roundsCpuUs'> => {
  const totalUs = median(roundsCpuUs);
  const cpu: CpuPerOrder = {
    httpThreadUs: totalUs,
    storeThreadUs: null,
    helpersUs: 0,
    totalUs,
    byThreadName: {},
    loadGeneratorUs: null,
    machineIdlePercent: 20,
    orders: 30_000,
  };
  return { cpu, roundsCpuUs };
};
