import { describe, expect, it } from 'vitest';
import { CEILING, withShareOfCeiling } from '../../bench/measurement.js';
import { headline } from '../../bench/scenarios.js';
import { sectionTargets, targets, type Target } from '../../bench/targets.js';
import { spread } from '../../bench/percentiles.js';
import type { SubscriberFigures } from '../../bench/subscribers.js';
import type { TracingFigures } from '../../bench/tracing.js';
import { measuredInRounds } from './rows.js';

/** A row measured in the headline's interleaved rounds. */
const row = (scenario: string, rounds: number[], p99Ms = 8) => measuredInRounds(scenario, rounds, { p99Ms });

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

describe('targets', () => {
  const measured = (rest: number[], graphql: number[], p99 = { rest: 8, graphql: 12 }) =>
    withShareOfCeiling([row(CEILING, [50_000, 50_000, 50_000]), row(headline.rest, rest, p99.rest), row(headline.graphql, graphql, p99.graphql)]);

  it('when REST reaches 22 % of bare node:http and GraphQL 15 %, with p99 under 15 ms, then those targets are met', () => {
    const list = targets(measured([11_000, 11_000, 11_000], [7_500, 7_500, 7_500]), Number.NaN);
    expect(verdict(list, `${headline.rest}: at least 22 %`)).toMatchObject({ measured: '22.0 %', met: true });
    expect(verdict(list, `${headline.graphql}: at least 15 %`)).toMatchObject({ measured: '15.0 %', met: true });
    expect(list.filter((t) => t.what.includes('p99')).every((t) => t.met)).toBe(true);
  });

  it('when a face falls just under its share, then its target is not met', () => {
    const list = targets(measured([10_900, 10_950, 11_000], [7_400, 7_450, 7_490]), Number.NaN);
    expect(verdict(list, `${headline.rest}: at least 22 %`)!.met).toBe(false);
    expect(verdict(list, `${headline.graphql}: at least 15 %`)!.met).toBe(false);
  });

  it('when p99 is 15 ms, then it is not under 15 ms', () => {
    const list = targets(measured([12_000, 12_000, 12_000], [8_000, 8_000, 8_000], { rest: 15, graphql: 14 }), Number.NaN);
    expect(verdict(list, `${headline.rest}: p99`)!.met).toBe(false);
    expect(verdict(list, `${headline.graphql}: p99`)!.met).toBe(true);
  });

  it('when start-up was measured, then it must stay under 1.5 s; when it was not, then it is not judged', () => {
    expect(verdict(targets([], 1_499), 'start-up')!.met).toBe(true);
    expect(verdict(targets([], 1_500), 'start-up')!.met).toBe(false);
    expect(targets([], Number.NaN)).toEqual([]);
  });

  it('when the ceiling was not measured, then no share is judged, but p99 still is', () => {
    const list = targets(withShareOfCeiling([row(headline.rest, [12_000, 12_000, 12_000])]), Number.NaN);
    expect(list.map((t) => t.what)).toEqual([`${headline.rest}: p99 under 15 ms`]);
  });
});

describe('sectionTargets', () => {
  const tracing = (costPercent: number): TracingFigures => ({
    sample: 0.1,
    tracedPerSecond: 9_500,
    untracedPerSecond: 10_000,
    costPercent,
    costByRoundPercent: [costPercent],
    tracedP99Ms: 9,
    untracedP99Ms: 8,
    tracedCpuUs: null,
    untracedCpuUs: null,
  });
  const subscribers = (samples: number[]) => ({ subscribers: 10_000, delay: spread(samples) }) as SubscriberFigures;

  it('when tracing costs 5 % of req/s, then its target is met; 5.1 %, not', () => {
    expect(sectionTargets({ tracing: tracing(5) })[0]).toMatchObject({ measured: '5.0 %', met: true });
    expect(sectionTargets({ tracing: tracing(5.1) })[0]!.met).toBe(false);
    expect(sectionTargets({ tracing: tracing(5) })[0]!.what).toContain('10 % of traces kept');
  });

  it('when subscribers wait 250 ms at the p99, then the target is not met; under it, met', () => {
    expect(sectionTargets({ subscribers: subscribers([20, 30, 250]) })[0]!.met).toBe(false);
    expect(sectionTargets({ subscribers: subscribers(Array.from({ length: 200 }, (_, i) => (i < 198 ? 40 : 900))) })[0]).toMatchObject({ measured: '40 ms', met: true });
  });

  it('when a section gave no samples, then its target is not met rather than judged on nothing', () => {
    expect(sectionTargets({ subscribers: subscribers([]) })[0]!.met).toBe(false);
  });

  it('when no section ran, then there is nothing to judge', () => {
    expect(sectionTargets({})).toEqual([]);
  });
});
