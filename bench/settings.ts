// What a run of `npm run bench` can be told, all from the environment:
//   BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS, BENCH_SECONDS   the load of each scenario (50, 3, 10)
//   BENCH_ROUNDS                                              the rounds of the headline, costs and tracing (5)
//   BENCH_ONLY=headline,durability,…                          some sections only (see SECTIONS)
//   BENCH_BASELINE_REF, BENCH_BASELINE_LABEL,
//   BENCH_BASELINE_COST_PERCENT                               another build to compare with ("none": no build)
//   BENCH_DATA_DIR                                            where the services' data dirs go (bench/data-disk.ts)
//   BENCH_SUBSCRIBERS                                         the subscribers section's live subscriptions (10000)
//   TRACING_SAMPLE=0.1                                        the services traced, that share of traces kept,
//                                                             sent to a local OTLP collector (bench/otlp-collector.ts)
// A check of the bench itself, not a measurement:
//   BENCH_SECONDS=2 BENCH_WARMUP_SECONDS=1 BENCH_BASELINE_REF=none BENCH_ONLY=headline npm run bench
//   BENCH_SECONDS=2 BENCH_WARMUP_SECONDS=1 BENCH_BASELINE_REF=none BENCH_SUBSCRIBERS=200 \
//     BENCH_ONLY=lifecycle,subscribers,webhooks,tracing npm run bench

/** The builds a cost compares: this one, the baseline's ref, and this one less its creation event (bench/costs.ts). */
export type BuildName = 'current' | 'baseline' | 'life';

/** How much more CPU per order `build` may take than `against`, measured side by side, and what for. */
export interface Cost {
  /** What the cost is of, in the targets' words; empty for a bound given by hand. */
  what: string;
  build: BuildName;
  against: BuildName;
  percent: number;
}

/** A build the current one is compared with in the same run, and what may cost what against whom. */
export interface Baseline {
  ref: string;
  /** What that build is, in the targets' words. */
  label: string;
  /** Each a target of its own, judged on its own pair of builds (bench/costs.ts). */
  costs: Cost[];
}

// Five rather than three: the median of three rounds' ratios of the same two builds swung far
// wider than the costs' few per cent from one run to the next (docs/performance.md, Method).
const DEFAULT_ROUNDS = 5;

/** What another build may cost, when BENCH_BASELINE_REF names one and no bound is given. */
const BASELINE_COST_PERCENT = 5;

// The one place the baseline is named: moved to a newer build, its ref, label and costs change
// together. Each allowance is judged against the build before what it allows for, as each was
// given, in the service's CPU per order: the order's life may cost order creation 5 % against the
// build before it; the outbox every change of an order writes (its events, for webhooks and live
// updates) 10 % against the
// build before the outbox, which is this one less the event its creation writes: the one part
// of the outbox on the way of a new order.
const BASELINE: Baseline = {
  ref: '515e2c3',
  label: "the build before the order's life and its events",
  costs: [
    { what: "the order's life", build: 'life', against: 'baseline', percent: 5 },
    { what: 'the outbox', build: 'current', against: 'life', percent: 10 },
  ],
};

/** The parts of a run, in the order they run. A whole run is every one of them. */
export const SECTIONS = [
  'headline', 'roster', 'durability', 'postgres', 'costs', 'startup', 'gateway', 'routing',
  'tracing', 'lifecycle', 'subscribers', 'webhooks', 'memory',
] as const;
export type Section = (typeof SECTIONS)[number];

export interface Settings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /**
   * The rounds of the headline, the costs and tracing, each measuring its scenarios back to back
   * (or side by side): each figure is the median of its rounds, each multiple taken within a round.
   */
  rounds: number;
  /** The build the current one is compared with in the same run; null for none. */
  baseline: Baseline | null;
  /** The sections BENCH_ONLY names; null for a whole run. */
  only: Section[] | null;
  /** The subscribers section's live subscriptions, on one instance. */
  subscribers: number;
}

export function readSettings(env = process.env): Settings {
  return {
    connections: positiveInteger(env, 'BENCH_CONNECTIONS', 50),
    warmupSeconds: positiveInteger(env, 'BENCH_WARMUP_SECONDS', 3),
    seconds: positiveInteger(env, 'BENCH_SECONDS', 10),
    rounds: positiveInteger(env, 'BENCH_ROUNDS', DEFAULT_ROUNDS),
    baseline: readBaseline(env),
    only: readSections(env.BENCH_ONLY),
    subscribers: positiveInteger(env, 'BENCH_SUBSCRIBERS', 10_000),
  };
}

/** TRACING_SAMPLE: the share of traces the services keep, traced; null (the default) for no tracing. */
export function tracingSample(env = process.env): number | null {
  const text = env.TRACING_SAMPLE?.trim();
  if (!text) return null;
  const value = Number(text);
  if (!(value >= 0 && value <= 1)) throw new Error(`TRACING_SAMPLE=${text} is not a share between 0 and 1`);
  return value;
}

export function runs(settings: Settings, section: Section): boolean {
  return settings.only === null || settings.only.includes(section);
}

function readBaseline(env: NodeJS.ProcessEnv): Baseline | null {
  const ref = env.BENCH_BASELINE_REF?.trim();
  if (ref === 'none') return null;
  const label = env.BENCH_BASELINE_LABEL?.trim();
  const bound = env.BENCH_BASELINE_COST_PERCENT?.trim();
  const percent = bound ? Number(bound) : undefined;
  if (percent !== undefined && (!Number.isFinite(percent) || percent < 0)) throw new Error(`BENCH_BASELINE_COST_PERCENT=${bound} is not a percentage`);
  // Another ref is another build: the label and the allowances written for the default one would not describe it.
  const otherRef = ref !== undefined && ref !== '' && ref !== BASELINE.ref;
  const costs: Cost[] =
    percent !== undefined || otherRef ? [{ what: '', build: 'current', against: 'baseline', percent: percent ?? BASELINE_COST_PERCENT }] : BASELINE.costs;
  return {
    ref: otherRef ? ref : BASELINE.ref,
    label: label || (otherRef ? `the build at ${ref}` : BASELINE.label),
    costs,
  };
}

function readSections(text: string | undefined): Section[] | null {
  const names = text?.split(',').map((name) => name.trim()).filter(Boolean) ?? [];
  if (names.length === 0) return null;
  const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY=${text}: ${unknown.join(', ')} unknown; the sections are ${SECTIONS.join(', ')}`);
  return names as Section[];
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}=${text} is not a positive integer`);
  return value;
}
