/** The median of a non-empty list (the mean of the two middle values of an even count). */
export function median(values: number[]): number {
  if (values.length === 0) throw new Error('no values to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/**
 * `a` over `b` when both were measured in the same interleaved rounds: the median of each round's
 * ratio, so that the machine's drift between rounds falls on both alike. Undefined when the two
 * were not measured in as many rounds.
 */
export function medianOfRoundRatios(a: number[] | undefined, b: number[] | undefined): number | undefined {
  if (!a || !b || a.length === 0 || a.length !== b.length) return undefined;
  return median(a.map((x, round) => x / b[round]!));
}

/** A row's rate of orders: its median round's, and each round's when it was measured in rounds. */
interface Rates {
  okPerSecond: number;
  roundsPerSecond?: number[];
}

/**
 * `a` over `b`, two rows measured in the same rounds: the median of the rounds' ratios (the ratio
 * of their medians when they were not measured in as many rounds), and each round's ratio.
 */
export function ratioOf(a: Rates, b: Rates): { median: number; byRound: number[] } {
  const [aRounds, bRounds] = [a.roundsPerSecond ?? [a.okPerSecond], b.roundsPerSecond ?? [b.okPerSecond]];
  return {
    median: medianOfRoundRatios(aRounds, bRounds) ?? a.okPerSecond / b.okPerSecond,
    byRound: aRounds.length === bRounds.length ? aRounds.map((x, i) => x / bRounds[i]!) : [],
  };
}

/** A row's service CPU per request: its median, and each round's when it was measured in rounds. */
interface CpuFigures {
  cpu?: { totalUs: number };
  roundsCpuUs?: number[];
}

/**
 * `a`'s CPU per request over `b`'s, two rows measured in the same rounds: the median of the
 * rounds' ratios (the ratio of their medians when they were not measured in as many rounds), and
 * each round's ratio; undefined when either's CPU was not read.
 */
export function cpuRatioOf(a: CpuFigures, b: CpuFigures): { median: number; byRound: number[] } | undefined {
  if (!a.cpu || !b.cpu) return undefined;
  const [aRounds, bRounds] = [a.roundsCpuUs ?? [a.cpu.totalUs], b.roundsCpuUs ?? [b.cpu.totalUs]];
  return {
    median: medianOfRoundRatios(aRounds, bRounds) ?? a.cpu.totalUs / b.cpu.totalUs,
    byRound: aRounds.length === bRounds.length ? aRounds.map((x, i) => x / bRounds[i]!) : [],
  };
}
