import { CEILING, type Measurement } from '../../bench/measurement.js';

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
