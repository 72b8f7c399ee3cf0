import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import type { CpuPerOrder } from './cpu.js';
import type { DataDisk } from './data-disk.js';
import type { DrivenFigures } from './driven.js';
import type { DurabilityFigures } from './durability.js';
import type { GatewayFigures } from './gateway.js';
import type { MemoryFigures } from './memory-budget.js';
import type { Measurement } from './measurement.js';
import type { RoutingFigures } from './routing.js';
import type { Scaling } from './scaling.js';
import type { Settings } from './settings.js';
import type { Target } from './targets.js';
import type { TracingFigures } from './tracing.js';

const RESULTS = new URL('./results/', import.meta.url);

interface Column<Row> {
  title: string;
  cell: (row: Row) => string;
}

interface Lettered {
  label: string;
  m: Measurement;
}

const percent = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} %` : '—');
const us = (value: number | null) => (value === null ? '—' : value.toFixed(1));

const COLUMNS: Column<Lettered>[] = [
  { title: 'scenario', cell: ({ label, m }) => `${label} ${m.scenario}` },
  { title: 'ok req/s', cell: ({ m }) => m.okPerSecond.toFixed(1) },
  { title: 'p50 ms', cell: ({ m }) => String(m.p50Ms) },
  { title: 'p99 ms', cell: ({ m }) => String(m.p99Ms) },
  { title: 'non-2xx', cell: ({ m }) => String(m.non2xx) },
  { title: 'errors', cell: ({ m }) => String(m.errors) },
  { title: 'RSS at start MB', cell: ({ m }) => m.startRssMb.toFixed(1) },
  { title: 'peak RSS MB', cell: ({ m }) => m.peakRssMb.toFixed(1) },
  { title: 'share of bare', cell: ({ m }) => percent(m.shareOfCeilingPercent) },
];

const CPU_COLUMNS: Column<Lettered & { cpu: CpuPerOrder }>[] = [
  { title: 'µs of CPU per order', cell: ({ label, m }) => `${label} ${m.scenario}` },
  { title: 'HTTP thread', cell: ({ cpu }) => us(cpu.httpThreadUs) },
  { title: 'store thread', cell: ({ cpu }) => us(cpu.storeThreadUs) },
  { title: 'helpers', cell: ({ cpu }) => us(cpu.helpersUs) },
  { title: 'service', cell: ({ cpu }) => us(cpu.totalUs) },
  { title: '× bare', cell: ({ m }) => (m.cpuOfCeiling !== undefined && Number.isFinite(m.cpuOfCeiling) ? `${m.cpuOfCeiling.toFixed(2)}×` : '—') },
  { title: 'load generator', cell: ({ cpu }) => us(cpu.loadGeneratorUs) },
  { title: 'machine idle', cell: ({ cpu }) => percent(cpu.machineIdlePercent) },
];

export function printTable(measurements: Measurement[]) {
  const rows = lettered(measurements);
  console.log(aligned(COLUMNS, rows));
  const inRounds = rows.flatMap(({ label, m }) => (m.roundsPerSecond ? [`${label} ${m.roundsPerSecond.map((r) => r.toFixed(0)).join(', ')}`] : []));
  if (inRounds.length > 0) console.log(`\nok req/s of each round, in order (each row above is its median round):\n${inRounds.join('\n')}`);
}

/**
 * Where the time goes: the server's CPU over the measured window by thread, per order answered
 * (the HTTP thread is the process's main thread; helpers are V8's and libuv's), the load
 * generator's per request, and how much of the machine no one used.
 */
export function printCpuTable(measurements: Measurement[]) {
  const rows = lettered(measurements).flatMap((row) => (row.m.cpu ? [Object.assign({ cpu: row.m.cpu }, row)] : []));
  if (rows.length === 0) return;
  console.log(`\n${aligned(CPU_COLUMNS, rows)}`);
  console.log('(each figure the median of its rounds; the service is every thread of every process of its group, those ended within the ' +
    "window too; × bare is the median of the rounds' multiples of bare node:http's; the load generator is this process, autocannon, per request)");
  const inRounds = rows.flatMap(({ label, m }) =>
    m.roundsCpuUs && m.roundsCpuUs.length > 1
      ? [`${label} ${m.roundsCpuUs.map((u) => u.toFixed(0)).join(', ')}${m.cpuOfCeilingByRound ? ` (× bare: ${m.cpuOfCeilingByRound.map((x) => x.toFixed(2)).join(', ')})` : ''}`]
      : [],
  );
  if (inRounds.length > 0) console.log(`\nthe service's µs of CPU per request of each round, in order:\n${inRounds.join('\n')}`);
}

export function machine() {
  const cpu = cpus();
  return { cpu: cpu[0]?.model ?? 'unknown', cpus: cpu.length, node: process.version, date: new Date().toISOString() };
}

export interface Summary extends DrivenFigures {
  scaling?: Scaling;
  /** NaN when start-up was not measured (BENCH_ONLY). */
  startupMs: number;
  gateway?: GatewayFigures;
  durability?: DurabilityFigures;
  routing?: RoutingFigures;
  tracing?: TracingFigures;
  memory?: MemoryFigures[];
  /** Where the services' data directories were. */
  dataDisk: DataDisk;
  targets: Target[];
}

/**
 * Writes the run to bench/results/`name` (latest.json for a whole run). Each scenario carries its
 * row, its rounds and, where read, its CPU per order by thread (`cpu`).
 */
export async function writeResults(measurements: Measurement[], settings: Settings, summary: Summary, name = 'latest.json'): Promise<string> {
  await mkdir(RESULTS, { recursive: true });
  const file = new URL(name, RESULTS);
  const scenarios = lettered(measurements).map(({ label, m }) => Object.assign({ label }, m));
  await writeFile(file, `${JSON.stringify(Object.assign({ machine: machine(), settings, scenarios }, summary), null, 2)}\n`);
  return file.pathname;
}

function lettered(measurements: Measurement[]): Lettered[] {
  return measurements.map((m, index) => ({ label: `${String.fromCharCode('a'.charCodeAt(0) + index)})`, m }));
}

function aligned<Row>(columns: Column<Row>[], rows: Row[]): string {
  const cells = [columns.map((c) => c.title), ...rows.map((row) => columns.map((c) => c.cell(row)))];
  const widths = columns.map((_, column) => Math.max(...cells.map((line) => line[column]!.length)));
  const align = (line: string[]) =>
    line.map((text, column) => (column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join('  ');
  return cells.map(align).join('\n');
}
