import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CostFigures } from '../costs.js';
import { CEILING, type Measurement } from '../measurement.js';
import type { Summary } from '../report.js';
import { headline } from '../scenarios.js';
import type { Settings } from '../settings.js';
import { historyChart } from './chart.js';
import { HistoryRecord, readHistory, RUNS_DIR, type Face, type Run, type Stored } from './record.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** The chart docs/performance.md shows. */
export const CHART_FILE = join(REPO, 'docs', 'performance-history.svg');

export function writeChart(history: Stored[] = readHistory(), file = CHART_FILE) {
  writeFileSync(file, historyChart(history));
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const finite = (value: number | null | undefined) => (value !== null && value !== undefined && Number.isFinite(value) ? round1(value) : undefined);

/** Drops the keys whose value is undefined, so that the record's JSON holds only what was read. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function faceOf(m: Measurement | undefined): Face | undefined {
  if (!m) return undefined;
  const threads = m.cpu ? defined({ http: finite(m.cpu.httpThreadUs), store: finite(m.cpu.storeThreadUs), helpers: finite(m.cpu.helpersUs) }) : undefined;
  return defined({
    reqPerSecond: Math.round(m.okPerSecond),
    sharePercent: finite(m.shareOfCeilingPercent),
    p50Ms: m.p50Ms,
    p99Ms: m.p99Ms,
    cpuUs: finite(m.cpu?.totalUs),
    threadsUs: threads && Object.keys(threads).length > 0 ? threads : undefined,
    timesBare: m.cpuOfCeiling !== undefined && Number.isFinite(m.cpuOfCeiling) ? Math.round(m.cpuOfCeiling * 100) / 100 : undefined,
    timesBareRounds: m.cpuOfCeilingByRound?.map((x) => Math.round(x * 100) / 100),
  });
}

function costsOf(costs: CostFigures[]): Run['costs'] {
  const byWhat = new Map<string, { what: string; restPercent?: number; graphqlPercent?: number }>();
  for (const c of costs) {
    const what = c.cost.what || `this build against ${c.againstTitle}`;
    const entry = byWhat.get(what) ?? { what };
    if (c.face === headline.rest) entry.restPercent = finite(c.percent);
    if (c.face === headline.graphql) entry.graphqlPercent = finite(c.percent);
    byWhat.set(what, defined(entry));
  }
  return byWhat.size > 0 ? [...byWhat.values()] : undefined;
}

function commit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8', timeout: 5_000 }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The record of one run of `npm run bench`, from what its report holds. */
export function recordOf(measurements: Measurement[], settings: Settings, summary: Summary & { costs: CostFigures[] }, ended = new Date()): HistoryRecord {
  const row = (scenario: string) => measurements.find((m) => m.scenario === scenario);
  const faces = defined({
    bare: faceOf(row(CEILING)),
    rest: faceOf(row(headline.rest)),
    graphql: faceOf(row(headline.graphql)),
    restBaseline: faceOf(row(headline.restBaseline)),
    graphqlBaseline: faceOf(row(headline.graphqlBaseline)),
  });
  const run: Run = defined({
    only: settings.only ? [...settings.only] : null,
    rounds: settings.rounds,
    seconds: settings.seconds,
    warmupSeconds: settings.warmupSeconds,
    connections: settings.connections,
    commit: commit(),
    baselineRef: settings.baseline?.ref,
    headline: Object.keys(faces).length > 0 ? faces : undefined,
    memory: summary.memory?.map((f) =>
      defined({ roster: f.operators === null ? 'demo' : `${f.operators.toLocaleString('en')} operators`, startPeakMb: f.startupPeakMb, readyzMb: f.readyPeakMb, idleMb: f.idleMb, loadPeakMb: f.loadPeakMb, reqPerSecond: Math.round(f.okPerSecond) }),
    ),
    costs: costsOf(summary.costs),
    tracingPercent: finite(summary.tracing?.costPercent),
    rosterPercent: finite(summary.scaling?.largeOfSmallPercent),
    startupSeconds: Number.isFinite(summary.startupMs) ? Math.round(summary.startupMs) / 1000 : undefined,
    gatewayTimesHive: finite(summary.gateway?.graphqlTimesHive),
    targets: summary.targets.map((t) => defined({ what: t.what, measured: t.measured, met: t.met, goal: t.goal })),
  });
  const cpu = cpus();
  const what = settings.only ? settings.only.join(', ') : 'a whole run';
  return HistoryRecord.parse({
    date: ended.toISOString().slice(0, 10),
    time: ended.toISOString(),
    title: `npm run bench: ${what}`,
    machine: `${cpu[0]?.model.trim() ?? 'unknown'}, ${cpu.length} vCPUs`,
    node: process.versions.node,
    runs: [run],
    notes: summary.targets.map((t) => `- ${t.met ? 'met' : 'NOT MET'}: ${t.goal ? 'goal: ' : ''}${t.what}: ${t.measured}`).join('\n'),
  });
}

/**
 * Adds the run's record to bench/history/runs/ and draws the chart again with it. The file is
 * named by the run's end and its sections; commit it with the chart when the run is one to keep.
 */
export function appendRun(record: HistoryRecord, dir = RUNS_DIR, chart = CHART_FILE): string {
  mkdirSync(dir, { recursive: true });
  const stamp = (record.time ?? record.date).replace(/\.\d+Z$/, 'Z').replace(/[:]/g, '');
  const sections = record.runs[0]?.only ? record.runs[0].only.join('-') : 'whole';
  const file = join(dir, `${stamp}-${sections}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  writeChart(readHistory(dir), chart);
  return file;
}
