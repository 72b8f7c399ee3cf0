import type { Measurement } from './measurement.js';
import { medianOfRoundRatios } from './median.js';
import { headline } from './scenarios.js';
import type { Baseline } from './settings.js';

export interface Target {
  what: string;
  measured: string;
  met: boolean;
}

// Guards against regression on this kind of machine (2 vCPUs shared by the load generator and
// the service), embedded store, at the bench's connections. The floors set on another machine
// kind were withdrawn (docs/performance.md, "Where the time goes").
export const REST_SHARE_PERCENT = 22;
export const GRAPHQL_SHARE_PERCENT = 15;
export const P99_MS = 15;
export const STARTUP_MS = 1_500;

/**
 * The targets the measured rows allow: a face's share and p99 when it was measured, its cost
 * against `baseline` when that build was measured beside it, start-up when it was measured.
 */
export function targets(measurements: Measurement[], startupMs: number, baseline: Baseline | null): Target[] {
  const find = (name: string) => measurements.find((m) => m.scenario === name);
  const list: Target[] = [];
  for (const [name, baselineName, share] of [
    [headline.rest, headline.restBaseline, REST_SHARE_PERCENT],
    [headline.graphql, headline.graphqlBaseline, GRAPHQL_SHARE_PERCENT],
  ] as const) {
    const m = find(name);
    if (!m) continue;
    if (Number.isFinite(m.shareOfCeilingPercent)) {
      list.push({
        what: `${m.scenario}: at least ${share} % of bare node:http's req/s (median of the rounds' shares)`,
        measured: `${m.shareOfCeilingPercent.toFixed(1)} %`,
        met: m.shareOfCeilingPercent >= share,
      });
    }
    list.push({ what: `${m.scenario}: p99 under ${P99_MS} ms`, measured: `${m.p99Ms} ms`, met: m.p99Ms < P99_MS });
    const before = find(baselineName);
    if (!before || !baseline) continue;
    const cost = 100 * (1 - (medianOfRoundRatios(m.roundsPerSecond, before.roundsPerSecond) ?? m.okPerSecond / before.okPerSecond));
    list.push({
      what: `${m.scenario}: costs at most ${baseline.costBoundPercent} % of req/s against ${baseline.label} (${baseline.ref}; median of the rounds' ratios)`,
      measured: `${cost.toFixed(1)} %`,
      met: cost <= baseline.costBoundPercent,
    });
  }
  if (Number.isFinite(startupMs)) {
    list.push({ what: `start-up to /readyz on an existing store under ${STARTUP_MS} ms`, measured: `${startupMs.toFixed(0)} ms`, met: startupMs < STARTUP_MS });
  }
  return list;
}

export function printTargets(list: Target[]) {
  if (list.length === 0) return;
  console.log();
  for (const t of list) console.log(`${t.met ? 'met    ' : 'NOT MET'}  ${t.what}: ${t.measured}`);
}
