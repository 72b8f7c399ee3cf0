/** A distribution of delays, in milliseconds. */
export interface Spread {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * The nearest-rank percentiles of `samples` (ms), each rounded to a tenth: the p-th percentile is
 * the smallest sample with at least p % of them at or below it. Empty: NaN, never a made-up zero.
 */
export function spread(samples: readonly number[]): Spread {
  if (samples.length === 0) return { count: 0, p50Ms: Number.NaN, p99Ms: Number.NaN, maxMs: Number.NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => tenth(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { count: sorted.length, p50Ms: at(50), p99Ms: at(99), maxMs: tenth(sorted[sorted.length - 1]!) };
}

/** "p50 3.1 ms, p99 12.0 ms, max 20.5 ms (1,204)" */
export function describeSpread(s: Spread): string {
  if (s.count === 0) return 'no samples';
  return `p50 ${s.p50Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms, max ${s.maxMs.toFixed(1)} ms (${s.count.toLocaleString('en')} samples)`;
}

function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}
