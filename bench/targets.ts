import type { Measurement } from './measurement.js';
import { headline } from './scenarios.js';
import type { SubscriberFigures } from './subscribers.js';
import type { TracingFigures } from './tracing.js';

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
export const TRACING_COST_PERCENT = 5;
export const SUBSCRIBER_P99_MS = 250;

/**
 * The targets the measured rows allow: a face's share and p99 when it was measured, start-up when
 * it was measured. What a change costs is judged side by side (bench/costs.ts).
 */
export function targets(measurements: Measurement[], startupMs: number): Target[] {
  const find = (name: string) => measurements.find((m) => m.scenario === name);
  const list: Target[] = [];
  for (const [name, share] of [
    [headline.rest, REST_SHARE_PERCENT],
    [headline.graphql, GRAPHQL_SHARE_PERCENT],
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
  }
  if (Number.isFinite(startupMs)) {
    list.push({ what: `start-up to /readyz on an existing store under ${STARTUP_MS} ms`, measured: `${startupMs.toFixed(0)} ms`, met: startupMs < STARTUP_MS });
  }
  return list;
}

export interface SectionFigures {
  tracing?: TracingFigures;
  subscribers?: SubscriberFigures;
}

/**
 * The targets of the sections measured by drivers of their own, as far as they ran. The order's
 * transitions have none: their section reports transitions a second and their spread, as asked.
 * Its loops are a closed loop over one engine, shared with each other's orders, payments and
 * polls: a transition waits behind the other loops' work, so its p99 is set by the loops' number
 * over their rate, and says nothing a bound of its own could guard (docs/performance.md).
 */
export function sectionTargets({ tracing, subscribers }: SectionFigures): Target[] {
  const list: Target[] = [];
  if (tracing) {
    list.push({
      what: `tracing (${tracing.sample * 100} % of traces kept): costs REST create order at most ${TRACING_COST_PERCENT} % of req/s (median of the rounds' ratios)`,
      measured: `${tracing.costPercent.toFixed(1)} %`,
      met: tracing.costPercent <= TRACING_COST_PERCENT,
    });
  }
  if (subscribers) {
    list.push({
      what: `${subscribers.subscribers.toLocaleString('en')} SSE subscribers on one instance: change to event p99 under ${SUBSCRIBER_P99_MS} ms`,
      measured: `${subscribers.delay.p99Ms} ms`,
      met: subscribers.delay.p99Ms < SUBSCRIBER_P99_MS,
    });
  }
  return list;
}

export function printTargets(list: Target[]) {
  if (list.length === 0) return;
  console.log();
  for (const t of list) console.log(`${t.met ? 'met    ' : 'NOT MET'}  ${t.what}: ${t.measured}`);
}
