import type { Measurement } from './measurement.js';

export interface Target {
  what: string;
  measured: string;
  met: boolean;
}

// What the service must reach on this kind of machine, embedded store, at the bench's connections.
const REST_SHARE_PERCENT = 25;
const GRAPHQL_SHARE_PERCENT = 12;
const P99_MS = 15;
const STARTUP_MS = 1_500;

export function targets(measurements: Measurement[], startupMs: number): Target[] {
  const rest = measurements.find((m) => m.scenario === 'REST create order');
  const graphql = measurements.find((m) => m.scenario === 'GraphQL createOrder');
  const list: Target[] = [];
  for (const [m, share] of [[rest, REST_SHARE_PERCENT], [graphql, GRAPHQL_SHARE_PERCENT]] as const) {
    if (!m) continue;
    list.push({ what: `${m.scenario}: at least ${share} % of a)`, measured: `${m.shareOfCeilingPercent.toFixed(1)} %`, met: m.shareOfCeilingPercent >= share });
    list.push({ what: `${m.scenario}: p99 under ${P99_MS} ms`, measured: `${m.p99Ms} ms`, met: m.p99Ms < P99_MS });
  }
  list.push({ what: `start-up to /readyz on an existing store under ${STARTUP_MS} ms`, measured: `${startupMs.toFixed(0)} ms`, met: startupMs < STARTUP_MS });
  return list;
}

export function printTargets(list: Target[]) {
  console.log();
  for (const t of list) console.log(`${t.met ? 'met    ' : 'NOT MET'}  ${t.what}: ${t.measured}`);
}
