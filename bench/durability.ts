import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './child-server.js';
import { describeDataDisk, type DataDisk } from './data-disk.js';
import { RefusedRun } from './measure.js';
import type { Measurement } from './measurement.js';
import { ratioOf } from './median.js';
import { unlessRestOrder, type OrderLoad } from './requests.js';
import type { Interleaved } from './scenarios.js';
import { startService } from './service.js';

// What the embedded store's durability costs: REST order creation with each commit's WAL synced
// to the disk before the answer, against the store as it ran before, measured in turn. Reported,
// not a target. An fsync's price is the disk's and the other tenants' on it: as many rounds as the
// roster's comparison, whose pairs swung as much.
export const DURABILITY_ROUNDS = 5;
const SETTING = 'EMBEDDED_DURABILITY';

export const durabilityScenario = {
  durable: `REST create order, ${SETTING}=durable`,
  relaxed: `REST create order, ${SETTING}=relaxed`,
};

/** The pair, on data directories of `disk`, which must not be held in memory. */
export function durabilityPair({ env, rest }: OrderLoad, disk: DataDisk): Interleaved {
  if (disk.inMemory) {
    throw new RefusedRun(`the data dirs are in memory, ${describeDataDisk(disk)}: no sync would reach a disk (set BENCH_DATA_DIR)`);
  }
  const withDurability = (mode: string) => Object.assign({}, env, { [SETTING]: mode });
  return {
    interleaved: [
      { name: durabilityScenario.durable, start: () => startService(withDurability('durable')), request: rest, problem: unlessRestOrder, cpuByThread: true },
      { name: durabilityScenario.relaxed, start: () => startService(withDurability('relaxed')), request: rest, problem: unlessRestOrder, cpuByThread: true },
    ],
    rounds: DURABILITY_ROUNDS,
  };
}

export interface DurabilityFigures {
  durablePerSecond: number;
  relaxedPerSecond: number;
  /** Durable's req/s over relaxed's: the median of the rounds' ratios. */
  durableOverRelaxed: number;
  durableOverRelaxedByRound: number[];
  durableP99Ms: number;
  relaxedP99Ms: number;
  /** The service's CPU per order, all threads, in µs; null when not read. */
  durableCpuUs: number | null;
  relaxedCpuUs: number | null;
  dataDisk: DataDisk;
  /** False when the build never names the setting: both rows then ran the same store. */
  buildReadsSetting: boolean;
}

export function durabilityFigures(measurements: Measurement[], dataDisk: DataDisk, buildReadsSetting: boolean): DurabilityFigures | undefined {
  const find = (name: string) => measurements.find((m) => m.scenario === name);
  const [durable, relaxed] = [find(durabilityScenario.durable), find(durabilityScenario.relaxed)];
  if (!durable || !relaxed) return undefined;
  const ratio = ratioOf(durable, relaxed);
  return {
    durablePerSecond: durable.okPerSecond,
    relaxedPerSecond: relaxed.okPerSecond,
    durableOverRelaxed: round(ratio.median),
    durableOverRelaxedByRound: ratio.byRound.map(round),
    durableP99Ms: durable.p99Ms,
    relaxedP99Ms: relaxed.p99Ms,
    durableCpuUs: durable.cpu?.totalUs ?? null,
    relaxedCpuUs: relaxed.cpu?.totalUs ?? null,
    dataDisk,
    buildReadsSetting,
  };
}

/** Whether the built service (dist/) names the setting anywhere: a build before it ignores it. */
export function buildReadsDurabilitySetting(dist = join(REPO, 'dist')): boolean {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  return files.some((file) => readFileSync(join(dist, file), 'utf8').includes(SETTING));
}

export function printDurability(f: DurabilityFigures) {
  const rate = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
  const rounds = f.durableOverRelaxedByRound.length > 1 ? `median of ${f.durableOverRelaxedByRound.length} rounds' ratios: ${f.durableOverRelaxedByRound.join(', ')}` : 'one round';
  console.log(`\ndurability of the embedded store, REST create order (reported, not a target):`);
  console.log(`  data dirs under ${describeDataDisk(f.dataDisk)}`);
  console.log(`  ${SETTING}=durable ${rate(f.durablePerSecond)} req/s, p99 ${f.durableP99Ms} ms; relaxed ${rate(f.relaxedPerSecond)} req/s, p99 ${f.relaxedP99Ms} ms`);
  console.log(`  durable over relaxed, req/s: ${f.durableOverRelaxed.toFixed(3)} (${rounds}); durability's cost: ${(100 * (1 - f.durableOverRelaxed)).toFixed(1)} %`);
  if (f.durableCpuUs !== null && f.relaxedCpuUs !== null) {
    console.log(`  the service's CPU per order: ${f.durableCpuUs} µs durable, ${f.relaxedCpuUs} µs relaxed`);
  }
  if (!f.buildReadsSetting) console.log(`  this build never reads ${SETTING}: both rows ran the same store`);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
