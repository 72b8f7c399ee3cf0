import type { Measurement } from './measurement.js';
import { cpuRatioOf, ratioOf } from './median.js';
import { tracedAt } from './otlp-collector.js';
import { unlessRestOrder, type OrderLoad } from './requests.js';
import type { Interleaved } from './scenarios.js';
import { startService } from './service.js';
import { tracingSample } from './settings.js';

// What tracing costs the REST headline: the service's CPU per order, the same build traced (one
// trace in ten kept, sent to the stand-in collector) over untraced, less one; side by side: both
// loaded at once, half the connections each, in the bench's rounds. Measured in turn, rounds of a
// few per cent's difference swung by tens of per cent on these machines; side by side, two
// identical builds differed by at most a few (docs/performance.md).
const DEFAULT_SAMPLE = 0.1;

/** The share of traces the traced row keeps: TRACING_SAMPLE when set, else one in ten. */
export const tracedSample = () => tracingSample() ?? DEFAULT_SAMPLE;

export const tracingScenario = {
  traced: () => `REST create order, traced (${tracedSample() * 100} % of traces kept)`,
  untraced: 'REST create order, untraced',
};

export function tracingPair({ env, rest }: OrderLoad, rounds: number): Interleaved {
  // Untraced whatever TRACING_SAMPLE says for the other sections.
  const untraced = Object.assign({}, env, { OTEL_SDK_DISABLED: 'true' });
  return {
    interleaved: [
      { name: tracingScenario.untraced, start: () => startService(untraced), request: rest, problem: unlessRestOrder, cpuByThread: true },
      {
        name: tracingScenario.traced(),
        start: async () => startService(Object.assign(await tracedAt(tracedSample()), env)),
        request: rest,
        problem: unlessRestOrder,
        cpuByThread: true,
      },
    ],
    rounds,
    sideBySide: true,
  };
}

export interface TracingFigures {
  sample: number;
  tracedPerSecond: number;
  untracedPerSecond: number;
  /** The service's CPU per order traced over untraced, less one, in per cent: the median of the rounds' ratios. */
  costPercent: number;
  costByRoundPercent: number[];
  /** 1 − traced over untraced req/s, in per cent (the median of the rounds' ratios): reported, not judged. */
  rateCostPercent: number;
  tracedP99Ms: number;
  untracedP99Ms: number;
  /** The service's CPU per order, all threads, in µs; null when not read. */
  tracedCpuUs: number | null;
  untracedCpuUs: number | null;
}

export function tracingFigures(measurements: Measurement[]): TracingFigures | undefined {
  const traced = measurements.find((m) => m.scenario === tracingScenario.traced());
  const untraced = measurements.find((m) => m.scenario === tracingScenario.untraced);
  const cpu = traced && untraced ? cpuRatioOf(traced, untraced) : undefined;
  if (!traced || !untraced || !cpu) return undefined;
  return {
    sample: tracedSample(),
    tracedPerSecond: traced.okPerSecond,
    untracedPerSecond: untraced.okPerSecond,
    costPercent: round(100 * (cpu.median - 1)),
    costByRoundPercent: cpu.byRound.map((r) => round(100 * (r - 1))),
    rateCostPercent: round(100 * (1 - ratioOf(traced, untraced).median)),
    tracedP99Ms: traced.p99Ms,
    untracedP99Ms: untraced.p99Ms,
    tracedCpuUs: traced.cpu?.totalUs ?? null,
    untracedCpuUs: untraced.cpu?.totalUs ?? null,
  };
}

export function printTracing(f: TracingFigures) {
  const rate = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
  console.log(`\ntracing, REST create order (${f.sample * 100} % of traces kept, to a stand-in OTLP collector on loopback; both builds side by side):`);
  console.log(`  traced ${rate(f.tracedPerSecond)} req/s, p99 ${f.tracedP99Ms} ms; untraced ${rate(f.untracedPerSecond)} req/s, p99 ${f.untracedP99Ms} ms`);
  console.log(`  the service's CPU per order: ${f.tracedCpuUs} µs traced, ${f.untracedCpuUs} µs untraced`);
  console.log(`  cost: ${f.costPercent.toFixed(1)} % more CPU per order (median of the rounds' ratios; rounds: ${f.costByRoundPercent.map((c) => `${c.toFixed(1)} %`).join(', ')}); ` +
    `${f.rateCostPercent.toFixed(1)} % fewer req/s`);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
