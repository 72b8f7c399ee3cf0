import type { Face, Run, Stored } from './record.js';

// The history as a table, one row a run, oldest first: the headline's figures side by side.

interface Column {
  title: string;
  cell: (row: { date: string; machine: string; node: string | null; title: string; run: Run }) => string;
}

const n = (value: number | undefined, digits = 1) => (value === undefined ? '' : value.toFixed(digits));
const times = (f: Face | undefined) => (f?.timesBare === undefined ? '' : `${f.timesBare.toFixed(2)}×`);
const share = (f: Face | undefined) => (f?.sharePercent === undefined ? '' : `${f.sharePercent.toFixed(1)} %`);
const what = (run: Run) => [run.label, run.only === null ? 'whole run' : run.only?.join(',')].filter(Boolean).join(': ');

const COLUMNS: Column[] = [
  { title: 'date', cell: (r) => r.date },
  { title: 'machine', cell: (r) => r.machine },
  { title: 'node', cell: (r) => r.node ?? '' },
  { title: 'run', cell: (r) => what(r.run) },
  { title: 'rounds', cell: (r) => (r.run.rounds === undefined ? '' : String(r.run.rounds)) },
  { title: 'bare req/s', cell: (r) => n(r.run.headline?.bare?.reqPerSecond, 0) },
  { title: 'bare µs', cell: (r) => n(r.run.headline?.bare?.cpuUs) },
  { title: 'REST µs', cell: (r) => n(r.run.headline?.rest?.cpuUs) },
  { title: 'REST × bare', cell: (r) => times(r.run.headline?.rest) },
  { title: 'GraphQL µs', cell: (r) => n(r.run.headline?.graphql?.cpuUs) },
  { title: 'GraphQL × bare', cell: (r) => times(r.run.headline?.graphql) },
  { title: 'REST share', cell: (r) => share(r.run.headline?.rest) },
  { title: 'GraphQL share', cell: (r) => share(r.run.headline?.graphql) },
  { title: 'p99 ms REST / GraphQL', cell: (r) => [r.run.headline?.rest?.p99Ms, r.run.headline?.graphql?.p99Ms].map((v) => n(v, 0)).join(' / ').replace(/^ \/ $/, '') },
  { title: 'sitting', cell: (r) => r.title },
];

export function historyTable(history: Stored[]): string {
  const rows = history.flatMap(({ record }) => record.runs.map((run) => ({ date: record.date, machine: record.machine, node: record.node, title: record.title, run })));
  const cells = [COLUMNS.map((c) => c.title), ...rows.map((row) => COLUMNS.map((c) => c.cell(row)))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const numeric = new Set(COLUMNS.map((c, i) => (/req\/s|µs|×|share|p99|rounds/.test(c.title) ? i : -1)));
  return cells
    .map((line) => line.map((text, i) => (numeric.has(i) ? text.padStart(widths[i]!) : text.padEnd(widths[i]!))).join('  ').trimEnd())
    .join('\n');
}
