import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import type { Measurement } from './measurement.js';
import type { Scaling } from './scaling.js';
import type { Settings } from './settings.js';
import type { GatewayFigures } from './gateway.js';
import type { Target } from './targets.js';

const RESULTS = new URL('./results/', import.meta.url);

const COLUMNS: { title: string; cell: (m: Measurement, index: number) => string }[] = [
  { title: 'scenario', cell: (m, index) => `${letter(index)}) ${m.scenario}` },
  { title: 'ok req/s', cell: (m) => m.okPerSecond.toFixed(1) },
  { title: 'p50 ms', cell: (m) => String(m.p50Ms) },
  { title: 'p99 ms', cell: (m) => String(m.p99Ms) },
  { title: 'non-2xx', cell: (m) => String(m.non2xx) },
  { title: 'errors', cell: (m) => String(m.errors) },
  { title: 'RSS at start MB', cell: (m) => m.startRssMb.toFixed(1) },
  { title: 'peak RSS MB', cell: (m) => m.peakRssMb.toFixed(1) },
  { title: 'share of bare', cell: (m) => (Number.isFinite(m.shareOfCeilingPercent) ? `${m.shareOfCeilingPercent.toFixed(1)} %` : '—') },
];

export function printTable(measurements: Measurement[]) {
  const rows = [COLUMNS.map((c) => c.title), ...measurements.map((m, index) => COLUMNS.map((c) => c.cell(m, index)))];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const align = (row: string[]) =>
    row.map((text, column) => (column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join('  ');
  console.log(rows.map(align).join('\n'));
  const inRounds = measurements.flatMap((m, index) =>
    m.roundsPerSecond ? [`${letter(index)}) ${m.roundsPerSecond.map((r) => r.toFixed(0)).join(', ')}`] : [],
  );
  if (inRounds.length > 0) console.log(`\nok req/s of each round, in order (each row above is its median round):\n${inRounds.join('\n')}`);
}

export function machine() {
  const cpu = cpus();
  return { cpu: cpu[0]?.model ?? 'unknown', cpus: cpu.length, node: process.version, date: new Date().toISOString() };
}

export interface Summary {
  scaling?: Scaling;
  /** NaN when the run measured only a section (BENCH_ONLY). */
  startupMs: number;
  gateway?: GatewayFigures;
  targets: Target[];
}

/** Writes the run to bench/results/`name` (latest.json for a whole run). */
export async function writeResults(measurements: Measurement[], settings: Settings, summary: Summary, name = 'latest.json'): Promise<string> {
  await mkdir(RESULTS, { recursive: true });
  const file = new URL(name, RESULTS);
  const scenarios = measurements.map((m, index) => ({ label: `${letter(index)})`, ...m }));
  await writeFile(file, `${JSON.stringify({ machine: machine(), settings, scenarios, ...summary }, null, 2)}\n`);
  return file.pathname;
}

function letter(index: number): string {
  return String.fromCharCode('a'.charCodeAt(0) + index);
}
