import { describe, expect, it } from 'vitest';
import { CEILING, withShareOfCeiling, type Measurement } from '../measurement.js';
import type { MemoryFigures } from '../memory-budget.js';
import { headline } from '../scenarios.js';
import { sectionTargets, targets, type Target } from '../targets.js';
import { spread } from '../percentiles.js';
import type { SubscriberFigures } from '../subscribers.js';
import type { TracingFigures } from '../tracing.js';
import { cpuInRounds, measuredInRounds } from './rows.js';

/** A row measured in the headline's interleaved rounds. */
const row = (scenario: string, rounds: number[], over: Partial<Measurement> = {}) => measuredInRounds(scenario, rounds, over);

const verdict = (list: Target[], what: string) => list.find((t) => t.what.includes(what));

describe('withShareOfCeiling', () => {
  it("when a face was measured in the ceiling's rounds, then its share is the median of each round's share", () => {
    // The machine slowed in round 2: the ratio of the two median rounds (14,000 / 50,000) would say 28 %.
    const [, rest] = withShareOfCeiling([row(CEILING, [60_000, 40_000, 50_000]), row(headline.rest, [13_200, 10_000, 14_000])]);
    expect(rest!.shareOfCeilingPercent).toBe(25);
  });

  it('when a row was measured in other rounds, then its share is of the median rows alone', () => {
    const roster = Object.assign(row('REST create order, 1,000 operators', [9_000, 10_000, 11_000]), { interleavedWith: 'another group' });
    const [, share] = withShareOfCeiling([row(CEILING, [60_000, 40_000, 50_000]), roster]);
    expect(share!.shareOfCeilingPercent).toBe(20);
  });

  it('when the ceiling was not measured, then no row has a share', () => {
    const [rest] = withShareOfCeiling([row(headline.rest, [10_000, 11_000, 12_000])]);
    expect(rest!.shareOfCeilingPercent).toBeNaN();
  });
});

describe('withShareOfCeiling, CPU per request', () => {
  it("when a face was measured in the ceiling's rounds, then its CPU multiple is the median of each round's multiple", () => {
    // The machine slowed in round 2, on both alike: the two median figures (150 / 30) would say 5×.
    const [, rest] = withShareOfCeiling([
      row(CEILING, [50_000, 40_000, 50_000], cpuInRounds([30, 45, 31])),
      row(headline.rest, [10_000, 8_000, 10_000], cpuInRounds([120, 180, 150])),
    ]);
    expect(rest!.cpuOfCeiling).toBe(4);
    expect(rest!.cpuOfCeilingByRound).toEqual([4, 4, 4.84]);
  });

  it('when a row was measured in other rounds, then its multiple is of the median figures alone', () => {
    const roster = row('REST create order, 1,000 operators', [9_000, 10_000, 11_000], Object.assign(cpuInRounds([150, 160, 170]), { interleavedWith: 'another group' }));
    const [, multiple] = withShareOfCeiling([row(CEILING, [60_000, 40_000, 50_000], cpuInRounds([30, 40, 50])), roster]);
    expect(multiple!.cpuOfCeiling).toBe(4);
    expect(multiple!.cpuOfCeilingByRound).toBeUndefined();
  });

  it("when either's CPU was not read, then there is no multiple rather than a wrong one", () => {
    const [, rest] = withShareOfCeiling([row(CEILING, [50_000, 50_000, 50_000]), row(headline.rest, [10_000, 10_000, 10_000], cpuInRounds([120, 130, 140]))]);
    expect(rest!.cpuOfCeiling).toBeNaN();
  });
});

describe('targets', () => {
  const measured = (rest: number[], graphql: number[]) =>
    withShareOfCeiling([
      row(CEILING, [50_000, 50_000, 50_000], cpuInRounds([30, 30, 30])),
      row(headline.rest, [10_000, 10_000, 10_000], cpuInRounds(rest)),
      row(headline.graphql, [7_000, 7_000, 7_000], cpuInRounds(graphql)),
    ]);

  it("when REST's CPU per request is 3× bare's and GraphQL's 4×, then the goals are met, and they are goals, not guards", () => {
    const list = targets(measured([90, 90, 90], [120, 120, 120]), Number.NaN);
    expect(verdict(list, `${headline.rest}: the service's CPU per request at most 3×`)).toMatchObject({ measured: '3.00×', met: true, goal: true });
    expect(verdict(list, `${headline.graphql}: the service's CPU per request at most 4×`)).toMatchObject({ measured: '4.00×', met: true, goal: true });
  });

  it('when a face takes more than its multiple, then its goal is not met', () => {
    const list = targets(measured([140, 150, 160], [200, 220, 240]), Number.NaN);
    expect(verdict(list, `${headline.rest}: the service's CPU`)).toMatchObject({ measured: '5.00×', met: false });
    expect(verdict(list, `${headline.graphql}: the service's CPU`)).toMatchObject({ measured: '7.33×', met: false });
  });

  it('when the faces are fast or slow in req/s or p99, then nothing is judged of it: the floors on shares and p99s are withdrawn', () => {
    const slow = withShareOfCeiling([row(CEILING, [50_000, 50_000, 50_000]), row(headline.rest, [1_000, 1_000, 1_000], { p99Ms: 900 })]);
    expect(targets(slow, Number.NaN)).toEqual([]);
  });

  it('when start-up was measured, then it must stay under 1.5 s; when it was not, then it is not judged', () => {
    expect(verdict(targets([], 1_499), 'start-up')!.met).toBe(true);
    expect(verdict(targets([], 1_500), 'start-up')!.met).toBe(false);
    expect(targets([], Number.NaN)).toEqual([]);
  });
});

describe('sectionTargets', () => {
  const tracing = (costPercent: number): TracingFigures => ({
    sample: 0.1,
    tracedPerSecond: 9_500,
    untracedPerSecond: 10_000,
    costPercent,
    costByRoundPercent: [costPercent],
    rateCostPercent: 3,
    tracedP99Ms: 9,
    untracedP99Ms: 8,
    tracedCpuUs: null,
    untracedCpuUs: null,
  });
  const subscribers = (samples: number[]) =>
    ({ subscribers: 10_000, sustainedPerSecond: 401.4, askedPerSecond: 201, delay: spread(samples) }) as SubscriberFigures;
  const memory = (roster: MemoryFigures['roster'], startupPeakMb: number, idleMb: number, loadPeakMb: number): MemoryFigures =>
    ({ roster, operators: roster === 'demo' ? null : 1_000_000, readyPeakMb: startupPeakMb, startupPeakMb, idleMb, loadPeakMb, okPerSecond: 5_000 });

  it('when tracing costs 10 % more CPU per order, then its target is met; 10.1 %, not', () => {
    expect(sectionTargets({ tracing: tracing(10) })[0]).toMatchObject({ measured: '10.0 %', met: true });
    expect(sectionTargets({ tracing: tracing(10.1) })[0]!.met).toBe(false);
    expect(sectionTargets({ tracing: tracing(10) })[0]!.what).toContain('10 % of traces kept');
    expect(sectionTargets({ tracing: tracing(10) })[0]!.what).toContain('CPU per order');
  });

  it('when subscribers are judged, then the target says at what share of the sustained rate', () => {
    expect(sectionTargets({ subscribers: subscribers([20, 30, 40]) })[0]!.what).toContain('at half the changes a second the service sustains (201 of 401)');
  });

  it('when subscribers wait 250 ms at the p99, then the target is not met; under it, met', () => {
    expect(sectionTargets({ subscribers: subscribers([20, 30, 250]) })[0]!.met).toBe(false);
    expect(sectionTargets({ subscribers: subscribers(Array.from({ length: 200 }, (_, i) => (i < 198 ? 40 : 900))) })[0]).toMatchObject({ measured: '40 ms', met: true });
  });

  it('when a section gave no samples, then its target is not met rather than judged on nothing', () => {
    expect(sectionTargets({ subscribers: subscribers([]) })[0]!.met).toBe(false);
  });

  it("when memory was measured, then every moment is judged against its roster's budget, and the demo roster's idle against 250 MB", () => {
    const list = sectionTargets({ memory: [memory('demo', 399.9, 250, 399), memory('large', 600, 250.1, 599.9)] });
    expect(list.map((t) => [t.what, t.met])).toEqual([
      ['the demo roster: start-up peak of resident memory under 400 MB', true],
      ['the demo roster: peak of resident memory under load under 400 MB', true],
      ['the demo roster: resident memory idle after start at most 250 MB', true],
      ['1,000,000 operators: start-up peak of resident memory under 600 MB', false],
      ['1,000,000 operators: peak of resident memory under load under 600 MB', true],
      ['1,000,000 operators: resident memory idle after start under 600 MB', true],
    ]);
    expect(sectionTargets({ memory: [memory('demo', 300, 251, 400)] }).map((t) => t.met)).toEqual([true, false, false]);
  });

  it('when no section ran, then there is nothing to judge', () => {
    expect(sectionTargets({})).toEqual([]);
  });
});
