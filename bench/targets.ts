import type { Measurement } from './measurement.js';
import { medianOfRoundRatios } from './median.js';
import { headline } from './scenarios.js';

export interface Target {
  what: string;
  measured: string;
  met: boolean;
}

// What the service must reach on this kind of machine, embedded store, at the bench's connections.
const REST_SHARE_PERCENT = 35;
const GRAPHQL_SHARE_PERCENT = 20;
const P99_MS = 15;
const STARTUP_MS = 1_500;
// What the open-internet hardening (limits, metrics, deadlines) may cost against the build before it.
const HARDENING_COST_PERCENT = 10;

export function targets(measurements: Measurement[], startupMs: number): Target[] {
  const find = (name: string) => measurements.find((m) => m.scenario === name);
  const list: Target[] = [];
  for (const [name, baseline, share] of [
    [headline.rest, headline.restBaseline, REST_SHARE_PERCENT],
    [headline.graphql, headline.graphqlBaseline, GRAPHQL_SHARE_PERCENT],
  ] as const) {
    const m = find(name);
    if (!m) continue;
    list.push({ what: `${m.scenario}: at least ${share} % of a)`, measured: `${m.shareOfCeilingPercent.toFixed(1)} %`, met: m.shareOfCeilingPercent >= share });
    list.push({ what: `${m.scenario}: p99 under ${P99_MS} ms`, measured: `${m.p99Ms} ms`, met: m.p99Ms < P99_MS });
    const before = find(baseline);
    if (!before) continue;
    const cost = 100 * (1 - (medianOfRoundRatios(m.roundsPerSecond, before.roundsPerSecond) ?? m.okPerSecond / before.okPerSecond));
    list.push({
      what: `${m.scenario}: costs at most ${HARDENING_COST_PERCENT} % against the baseline build (median of the rounds' ratios)`,
      measured: `${cost.toFixed(1)} %`,
      met: cost <= HARDENING_COST_PERCENT,
    });
  }
  list.push({ what: `start-up to /readyz on an existing store under ${STARTUP_MS} ms`, measured: `${startupMs.toFixed(0)} ms`, met: startupMs < STARTUP_MS });
  return list;
}

export function printTargets(list: Target[]) {
  console.log();
  for (const t of list) console.log(`${t.met ? 'met    ' : 'NOT MET'}  ${t.what}: ${t.measured}`);
}
