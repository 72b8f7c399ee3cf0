import { describe, expect, it } from 'vitest';
import { medianRound, type Measurement } from '../measurement.js';
import { median } from '../median.js';
import { scaling } from '../scaling.js';
import { rosterScenario } from '../scenarios.js';

const row = (scenario: string, okPerSecond: number, peakRssMb = 400): Measurement => ({
  scenario,
  okPerSecond,
  p50Ms: 6,
  p99Ms: 15,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  peakRssMb,
  startRssMb: 300,
  shareOfCeilingPercent: Number.NaN,
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
});

describe('medianRound', () => {
  it("reports the median round's figures, the highest peak of memory and every round's rate", () => {
    const summary = medianRound([row('s', 7000, 410), row('s', 6000, 450), row('s', 8000, 400)]);
    expect(summary.okPerSecond).toBe(7000);
    expect(summary.peakRssMb).toBe(450);
    expect(summary.roundsPerSecond).toEqual([7000, 6000, 8000]);
  });

  it('refuses to summarize no rounds at all', () => {
    expect(() => medianRound([])).toThrow();
  });
});

describe('scaling', () => {
  const moves = row(rosterScenario.moves, 5000);
  const inRounds = (scenario: string, rates: number[]) => ({ ...row(scenario, median(rates)), roundsPerSecond: rates });

  it("compares the two rosters round by round, so that one round's drift does not decide", () => {
    // The machine slowed in round 2 between its two measurements; the ratio of the two medians
    // (6,200 against 7,000) would say 88.6 %, under the 90 % the roster must keep.
    const small = inRounds(rosterScenario.small, [7000, 8000, 6000]);
    const large = inRounds(rosterScenario.large, [7100, 6000, 6200]);
    const figures = scaling([small, large, moves])!;
    expect(figures.largeOfSmallPercentByRound).toEqual([101.4, 75, 103.3]);
    expect(figures.largeOfSmallPercent).toBe(101.4);
  });

  it('falls back to the ratio of single measurements', () => {
    const figures = scaling([row(rosterScenario.small, 8000), row(rosterScenario.large, 7000), moves])!;
    expect(figures.largeOfSmallPercent).toBe(87.5);
    expect(figures.largeOfSmallPercentByRound).toEqual([87.5]);
  });

  it('is undefined when a roster scenario is missing', () => {
    expect(scaling([row(rosterScenario.small, 8000), moves])).toBeUndefined();
  });
});
