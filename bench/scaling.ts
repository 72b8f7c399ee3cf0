import type { Measurement } from './measurement.js';
import { median } from './median.js';
import { LARGE_ROSTER, SMALL_ROSTER } from './roster.js';
import { rosterScenario } from './scenarios.js';

// Order creation with the large roster must keep this share of its speed with the small one.
const REQUIRED_SHARE_PERCENT = 90;
const count = (n: number) => n.toLocaleString('en');
const percent = (ratio: number) => Math.round(ratio * 1000) / 10;

export interface Scaling {
  createOrderSmallRosterPerSecond: number;
  createOrderLargeRosterPerSecond: number;
  /** The median of the rounds' ratios when both were measured in interleaved rounds. */
  largeOfSmallPercent: number;
  /** Each round's ratio: the large roster's rate over the small roster's, measured one after the other. */
  largeOfSmallPercentByRound: number[];
  positionUpdatesPerSecond: number;
  largeRosterRssAtStartMb: number;
  largeRosterPeakRssMb: number;
}

/** The roster's figures, from the scenarios that measure them; undefined when one is missing. */
export function scaling(measurements: Measurement[]): Scaling | undefined {
  const find = (name: string) => measurements.find((m) => m.scenario === name);
  const small = find(rosterScenario.small);
  const large = find(rosterScenario.large);
  const moves = find(rosterScenario.moves);
  if (!small || !large || !moves) return undefined;
  const smallRounds = small.roundsPerSecond ?? [small.okPerSecond];
  const largeRounds = large.roundsPerSecond ?? [large.okPerSecond];
  if (smallRounds.length !== largeRounds.length) {
    throw new Error('the two roster sizes were measured in different numbers of rounds');
  }
  const byRound = smallRounds.map((smallRate, round) => percent(largeRounds[round]! / smallRate));
  return {
    createOrderSmallRosterPerSecond: small.okPerSecond,
    createOrderLargeRosterPerSecond: large.okPerSecond,
    largeOfSmallPercent: Math.round(median(byRound) * 10) / 10,
    largeOfSmallPercentByRound: byRound,
    positionUpdatesPerSecond: moves.okPerSecond,
    largeRosterRssAtStartMb: large.startRssMb,
    largeRosterPeakRssMb: large.peakRssMb,
  };
}

export function printScaling(s: Scaling) {
  const met = s.largeOfSmallPercent >= REQUIRED_SHARE_PERCENT ? 'met' : 'NOT MET';
  const rounds = s.largeOfSmallPercentByRound;
  const how = rounds.length > 1 ? `, the median of ${rounds.length} rounds measured in turn: ${rounds.map((r) => r.toFixed(1)).join(', ')} %` : '';
  console.log(
    `\ncreate order: ${s.createOrderLargeRosterPerSecond.toFixed(1)} req/s with ${count(LARGE_ROSTER)} operators, ` +
      `${s.createOrderSmallRosterPerSecond.toFixed(1)} with ${count(SMALL_ROSTER)}: ${s.largeOfSmallPercent.toFixed(1)} %${how} ` +
      `(at least ${REQUIRED_SHARE_PERCENT} %: ${met})`,
  );
  console.log(`position updates: ${s.positionUpdatesPerSecond.toFixed(1)} per second with ${count(LARGE_ROSTER)} operators (GraphQL moveOperator: store and index)`);
  console.log(
    `resident memory with ${count(LARGE_ROSTER)} operators: ${s.largeRosterRssAtStartMb.toFixed(0)} MB once started, ` +
      `${s.largeRosterPeakRssMb.toFixed(0)} MB at the peak of creating orders`,
  );
}
