import { describe, expect, it } from 'vitest';
import type { DataDisk } from '../data-disk.js';
import { durabilityFigures, durabilityPair, durabilityScenario } from '../durability.js';
import type { OrderLoad } from '../requests.js';
import { measuredInRounds } from './rows.js';

const DISK: DataDisk = { root: '/var/tmp', mountPoint: '/', fsType: 'ext4', source: '/dev/vda', inMemory: false };

const row = (scenario: string, rounds: number[], totalUs?: number) =>
  measuredInRounds(
    scenario,
    rounds,
    totalUs === undefined
      ? { p99Ms: 9 }
      : { p99Ms: 9, cpu: { httpThreadUs: 60, storeThreadUs: totalUs - 65, helpersUs: 5, totalUs, byThreadName: {}, loadGeneratorUs: 17, machineIdlePercent: 20, orders: 1 } },
  );

describe('durabilityFigures', () => {
  it("when the pair was measured in rounds, then durability's price is the median of the rounds' ratios", () => {
    // The machine ran at half speed in rounds 2 and 4, and round 5's durable run met a stalled
    // disk: the ratio of the two median rounds (4,000 / 10,000) would say 0.4.
    const durable = row(durabilityScenario.durable, [9_000, 4_000, 9_000, 4_000, 4_000], 110);
    const relaxed = row(durabilityScenario.relaxed, [10_000, 5_000, 10_000, 5_000, 10_000], 100);
    const figures = durabilityFigures([durable, relaxed], DISK, true)!;
    expect(figures.durableOverRelaxedByRound).toEqual([0.9, 0.8, 0.9, 0.8, 0.4]);
    expect(figures.durableOverRelaxed).toBe(0.8);
    expect(figures).toMatchObject({ durableCpuUs: 110, relaxedCpuUs: 100, dataDisk: DISK });
  });

  it('when either row is missing, then there is nothing to report', () => {
    expect(durabilityFigures([row(durabilityScenario.durable, [8_000])], DISK, true)).toBeUndefined();
  });
});

describe('durabilityPair', () => {
  const load = { env: { NODE_ENV: 'production' }, rest: { method: 'POST', path: '/applications/orders', headers: {}, body: '{}' } } as unknown as OrderLoad;

  it('when the data dirs are on a disk, then the pair runs durable and relaxed in turn, each read by thread', () => {
    const pair = durabilityPair(load, DISK);
    expect(pair.interleaved.map((s) => s.name)).toEqual([durabilityScenario.durable, durabilityScenario.relaxed]);
    expect(pair.interleaved.every((s) => s.cpuByThread)).toBe(true);
    expect(pair.rounds).toBeGreaterThan(1);
  });

  it('when the data dirs are held in memory, then the pair is refused: no sync would reach a disk', () => {
    expect(() => durabilityPair(load, { ...DISK, fsType: 'tmpfs', inMemory: true })).toThrow(/in memory/);
  });
});
