import { describe, expect, it } from 'vitest';
import { readSettings, runs, tracingSample } from '../settings.js';

describe('readSettings', () => {
  it('when nothing is set, then a whole run judges the order\'s life against the baseline and the outbox against the life alone', () => {
    const settings = readSettings({});
    expect(settings).toMatchObject({ connections: 50, warmupSeconds: 3, seconds: 10, rounds: 5, only: null, subscribers: 10_000 });
    expect(settings.baseline!.label).not.toBe('');
    expect(settings.baseline!.costs.map(({ build, against, percent }) => [build, against, percent])).toEqual([
      ['life', 'baseline', 5],
      ['current', 'life', 10],
    ]);
    expect(settings.baseline!.costs.every((c) => c.what !== '')).toBe(true);
    expect(runs(settings, 'costs')).toBe(true);
    expect(runs(settings, 'durability')).toBe(true);
    expect(runs(settings, 'subscribers')).toBe(true);
    expect(runs(settings, 'memory')).toBe(true);
  });

  it('when BENCH_ROUNDS is given, then the rounds are that many; when it is not a count, then refused', () => {
    expect(readSettings({ BENCH_ROUNDS: '3' }).rounds).toBe(3);
    expect(() => readSettings({ BENCH_ROUNDS: '0' })).toThrow(/BENCH_ROUNDS=0/);
    expect(() => readSettings({ BENCH_ROUNDS: '2.5' })).toThrow(/BENCH_ROUNDS=2.5/);
  });

  it('when the baseline is another ref without a label, then it is named by its ref, and this build is judged against it within 5 %, unnamed', () => {
    const other = readSettings({ BENCH_BASELINE_REF: 'f62b7f9' }).baseline!;
    expect(other.ref).toBe('f62b7f9');
    expect(other.label).toBe('the build at f62b7f9');
    expect(other.costs).toEqual([{ what: '', build: 'current', against: 'baseline', percent: 5 }]);
  });

  it('when label and bound are given, then they are taken', () => {
    const baseline = readSettings({ BENCH_BASELINE_REF: 'f62b7f9', BENCH_BASELINE_LABEL: 'the relaxed store', BENCH_BASELINE_COST_PERCENT: '25' }).baseline;
    expect(baseline).toEqual({ ref: 'f62b7f9', label: 'the relaxed store', costs: [{ what: '', build: 'current', against: 'baseline', percent: 25 }] });
  });

  it('when the baseline is "none", then no build is compared', () => {
    expect(readSettings({ BENCH_BASELINE_REF: 'none' }).baseline).toBeNull();
  });

  it('when the bound is not a percentage, then the run is refused', () => {
    expect(() => readSettings({ BENCH_BASELINE_COST_PERCENT: 'ten' })).toThrow(/BENCH_BASELINE_COST_PERCENT/);
  });

  it('when BENCH_ONLY names sections, then only those run', () => {
    const settings = readSettings({ BENCH_ONLY: 'headline, durability' });
    expect(settings.only).toEqual(['headline', 'durability']);
    expect(runs(settings, 'headline')).toBe(true);
    expect(runs(settings, 'roster')).toBe(false);
    expect(runs(settings, 'startup')).toBe(false);
  });

  it('when BENCH_ONLY names an unknown section, then the run is refused with the known ones', () => {
    expect(() => readSettings({ BENCH_ONLY: 'headlines' })).toThrow(/headlines unknown; the sections are headline, roster/);
  });

  it('when BENCH_SUBSCRIBERS is given, then a check run opens that many; when it is not a count, then refused', () => {
    expect(readSettings({ BENCH_SUBSCRIBERS: '200' }).subscribers).toBe(200);
    expect(() => readSettings({ BENCH_SUBSCRIBERS: 'many' })).toThrow(/BENCH_SUBSCRIBERS/);
  });

  it('when a quick check shortens the load, then the seconds are taken; when they are not whole, then refused', () => {
    expect(readSettings({ BENCH_SECONDS: '2', BENCH_WARMUP_SECONDS: '1' })).toMatchObject({ seconds: 2, warmupSeconds: 1 });
    expect(() => readSettings({ BENCH_SECONDS: '0.5' })).toThrow(/BENCH_SECONDS/);
  });

  it('when TRACING_SAMPLE is a share, then the services are traced at it; unset, not at all; else the run is refused', () => {
    expect(tracingSample({})).toBeNull();
    expect(tracingSample({ TRACING_SAMPLE: '0.1' })).toBe(0.1);
    expect(() => tracingSample({ TRACING_SAMPLE: '10%' })).toThrow('TRACING_SAMPLE');
    expect(() => tracingSample({ TRACING_SAMPLE: '2' })).toThrow('TRACING_SAMPLE');
  });
});
