import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { historyChart } from '../history/chart.js';
import { HistoryRecord, readHistory } from '../history/record.js';
import { historyTable } from '../history/table.js';
import { appendRun, CHART_FILE, recordOf } from '../history/write.js';
import type { Summary } from '../report.js';
import { CEILING } from '../measurement.js';
import { headline } from '../scenarios.js';
import { readSettings } from '../settings.js';
import { cpuInRounds, measuredInRounds } from './rows.js';

const history = readHistory();
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const summary = (over: Partial<Summary> = {}): Summary & { costs: [] } =>
  Object.assign(
    {
      startupMs: Number.NaN,
      dataDisk: { root: '/tmp', inMemory: false, mountPoint: '/', fsType: 'ext4', source: '/dev/sda1' },
      targets: [{ what: "REST create order: the service's CPU per request at most 3× bare node:http's", measured: '6.91×', met: false, goal: true }],
      costs: [] as [],
    },
    over,
  );

describe("the bench's history", () => {
  it('when read, then every record in bench/history/runs parses, in the order of their sittings', () => {
    expect(history.length).toBeGreaterThan(20);
    const keys = history.map(({ record, file }) => `${record.date} ${record.time ?? ''} ${file}`);
    expect(keys).toEqual([...keys].sort());
    for (const { file, record } of history) expect(file.startsWith(record.date), file).toBe(true);
  });

  it('when the chart in docs is compared with what the records draw, then it is the same: npm run bench:history draws it again', () => {
    expect(readFileSync(CHART_FILE, 'utf8')).toBe(historyChart(history));
  });

  it('when printed, then the table has a row for every run', () => {
    const runs = history.reduce((n, { record }) => n + record.runs.length, 0);
    expect(historyTable(history).split('\n')).toHaveLength(runs + 1);
  });

  it("when a run of the bench ends, then its record holds the headline's figures, parses, and is drawn in the chart", () => {
    const settings = readSettings({ BENCH_ONLY: 'headline', BENCH_ROUNDS: '3' });
    const bare = measuredInRounds(CEILING, [30_000, 31_000, 29_000], Object.assign({ shareOfCeilingPercent: 100 }, cpuInRounds([40, 41, 39])));
    const rest = measuredInRounds(headline.rest, [5_000, 5_100, 4_900], Object.assign({ shareOfCeilingPercent: 16.7, cpuOfCeiling: 6.914, cpuOfCeilingByRound: [6.6, 6.914, 7.2] }, cpuInRounds([270, 266, 280])));
    const graphql = measuredInRounds(headline.graphql, [5_200], Object.assign({ shareOfCeilingPercent: 17.3, cpuOfCeiling: 7.5 }, cpuInRounds([265])));

    const record = recordOf([bare, rest, graphql], settings, summary(), new Date('2026-12-08T10:20:30.456Z'));

    expect(HistoryRecord.parse(record)).toEqual(record);
    expect([record.date, record.time, record.node]).toEqual(['2026-12-08', '2026-12-08T10:20:30.456Z', process.versions.node]);
    const [run] = record.runs;
    expect([run?.only, run?.rounds]).toEqual([['headline'], 3]);
    expect(run?.headline?.rest).toMatchObject({ reqPerSecond: 5_000, sharePercent: 16.7, cpuUs: 270, timesBare: 6.91, timesBareRounds: [6.6, 6.91, 7.2] });
    expect(run?.headline?.graphql).toMatchObject({ reqPerSecond: 5_200, timesBare: 7.5 });
    expect(run?.targets).toEqual([expect.objectContaining({ measured: '6.91×', met: false, goal: true })]);
    expect(record.notes).toContain('NOT MET');

    const dir = tempDir();
    const chart = join(tempDir(), 'chart.svg');
    const file = appendRun(record, dir, chart);
    expect(readdirSync(dir)).toEqual(['2026-12-08T102030Z-headline.json']);
    expect(HistoryRecord.parse(JSON.parse(readFileSync(file, 'utf8')))).toEqual(record);
    expect(readFileSync(chart, 'utf8')).toContain('REST create order 6.9×');
  });

  it('when a record has no run, or a figure that is not a number, then it does not parse', () => {
    const bad = { date: '2026-12-08', title: 'x', machine: 'm', node: '24', runs: [], notes: '' };
    expect(HistoryRecord.safeParse(bad).success).toBe(false);
    expect(HistoryRecord.safeParse(Object.assign({}, bad, { runs: [{ only: null, headline: { rest: { timesBare: 'fast' } } }] })).success).toBe(false);
  });
});
