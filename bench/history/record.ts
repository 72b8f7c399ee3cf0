import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The history of the bench's runs, one JSON file a sitting in bench/history/runs/: the figures
// a table or a chart can use as fields, and the rest of what was measured and why, in words, as
// `notes` (markdown; its links are from the repository's root). A sitting is one or more runs of
// `npm run bench` on one machine, one after another; `npm run bench` writes one of its own each run.

/** Where the records live. */
export const RUNS_DIR = fileURLToPath(new URL('./runs/', import.meta.url));

const figure = z.number().finite();

/** One face of the headline, or the bare server: what the run printed for it. */
const Face = z.strictObject({
  reqPerSecond: figure.optional(),
  /** req/s as a share of bare node:http's, in per cent. */
  sharePercent: figure.optional(),
  p50Ms: figure.optional(),
  p99Ms: figure.optional(),
  /** The service's µs of CPU per request, every thread. */
  cpuUs: figure.optional(),
  threadsUs: z.strictObject({ http: figure.optional(), store: figure.optional(), helpers: figure.optional() }).optional(),
  /** cpuUs as a multiple of bare node:http's in the same rounds: the median of the rounds' multiples. */
  timesBare: figure.optional(),
  timesBareRounds: z.array(figure).optional(),
});
export type Face = z.infer<typeof Face>;

const Headline = z.strictObject({
  bare: Face.optional(),
  rest: Face.optional(),
  graphql: Face.optional(),
  /** The two faces of the build the run compared with (`baselineRef`), measured in the same rounds. */
  restBaseline: Face.optional(),
  graphqlBaseline: Face.optional(),
});
export type Headline = z.infer<typeof Headline>;

const Memory = z.strictObject({
  /** "demo" (what a new store seeds) or the operators held. */
  roster: z.string().min(1),
  startPeakMb: figure,
  /** Resident memory at /readyz, when read apart from the start's peak. */
  readyzMb: figure.optional(),
  idleMb: figure,
  loadPeakMb: figure,
  /** Orders a second of the load the peak was reached at. */
  reqPerSecond: figure.optional(),
});

const Cost = z.strictObject({
  /** What the cost is of, against the build `baselineRef` names or the one before it. */
  what: z.string().min(1),
  /** More CPU per order (until 2026-12-07: fewer req/s), in per cent: the median of the rounds' ratios. */
  restPercent: figure.optional(),
  graphqlPercent: figure.optional(),
});

const Target = z.strictObject({ what: z.string().min(1), measured: z.string(), met: z.boolean(), goal: z.boolean().optional() });

/** One run of `npm run bench`: what it was told, and the figures it gave. */
const Run = z.strictObject({
  /** Which of the sitting's runs, when it has several. */
  label: z.string().min(1).optional(),
  /** BENCH_ONLY's sections; null for a whole run; absent where the record does not say. */
  only: z.array(z.string().min(1)).nullable().optional(),
  /** BENCH_ROUNDS. */
  rounds: z.number().int().positive().optional(),
  seconds: figure.optional(),
  warmupSeconds: figure.optional(),
  connections: z.number().int().positive().optional(),
  /** The commit measured, when recorded. */
  commit: z.string().min(1).optional(),
  /** The build it was compared with (BENCH_BASELINE_REF). */
  baselineRef: z.string().min(1).optional(),
  headline: Headline.optional(),
  memory: z.array(Memory).optional(),
  costs: z.array(Cost).optional(),
  /** Tracing at one trace in ten kept against untraced, REST (CPU per order; req/s until 2026-12-07). */
  tracingPercent: figure.optional(),
  /** REST order creation with 1,000,000 operators against 1,000, the median of the rounds' ratios. */
  rosterPercent: figure.optional(),
  startupSeconds: figure.optional(),
  /** The gateway's createOrder req/s over Hive Gateway's. */
  gatewayTimesHive: figure.optional(),
  /** Every target the run judged, as it printed them. */
  targets: z.array(Target).optional(),
});
export type Run = z.infer<typeof Run>;

export const HistoryRecord = z.strictObject({
  /** The day of the sitting, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** When the run ended, for the records `npm run bench` writes. */
  time: z.iso.datetime().optional(),
  /** What the sitting was, in a few words. */
  title: z.string().min(1),
  /** The machine's CPU and how many, as far as known. */
  machine: z.string().min(1),
  /** Node's version; null where it was not recorded. */
  node: z.string().min(1).nullable(),
  runs: z.array(Run).min(1),
  /** What was measured and found that no field above holds, as markdown. */
  notes: z.string(),
});
export type HistoryRecord = z.infer<typeof HistoryRecord>;

export interface Stored {
  file: string;
  record: HistoryRecord;
}

/** Every record in `dir`, in the order of their sittings: by date, then time, then file name. */
export function readHistory(dir = RUNS_DIR): Stored[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  const stored = files.map((file) => {
    const parsed = HistoryRecord.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    return { file, record: parsed.data };
  });
  const key = ({ file, record }: Stored) => `${record.date} ${record.time ?? ''} ${file}`;
  return stored.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
