import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBaseline } from './baseline.js';
import type { CpuPerOrder } from './cpu.js';
import type { Measurement } from './measurement.js';
import { cpuRatioOf, ratioOf } from './median.js';
import { unlessCreateOrderSuccess, unlessRestOrder, type OrderLoad } from './requests.js';
import { headline, type Interleaved } from './scenarios.js';
import { startService } from './service.js';
import type { Baseline, BuildName, Cost } from './settings.js';
import type { Target } from './targets.js';

// What a change costs order creation: its build beside the build before it, both loaded at once
// with the bench's connections each, in the bench's rounds; the cost is the service's CPU per
// order of the build over the build before it, less one: the median of the rounds' ratios. CPU per
// order rather than req/s: a rate moves with the load generator and the machine's other tenants,
// the service's own CPU per order far less. Side by side, the machine's swings fall on both at
// once (docs/performance.md, Method). Each build has every connection, so that its batches of
// orders are the size they are alone, at the load the targets speak of.

// The order's creation event in the statement that stores the order (src/orders/store/order-store.ts):
// the one part of the outbox a new order waits for. Without it the orders' insert is what it would
// be with no outbox: the insert alone, returning what the answer needs (id and payment
// reference). The statement around it (`with inserted as (…)`) and the columns it returns besides
// are there only for the event to read, and go with it. So edited, the build is the order's life
// without its outbox, as far as creating an order goes.
const CREATION_EVENT = /const INSERT = `with inserted as \(\$\{INSERTED\}\),\n\s*\$\{CREATED\}\n\s*select id, payment_reference from inserted`;/;
const PLAIN_INSERT = "const INSERT = INSERTED.replace(/returning [^]*$/, 'returning id, payment_reference');";

/** order-store.ts's source with the plain insert as it would be with no outbox; throws when it no longer finds it. */
export function withoutCreationEvent(source: string): string {
  if (!CREATION_EVENT.test(source)) {
    throw new Error("bench/costs.ts: the orders insert in src/orders/store/order-store.ts no longer reads as it expects; update CREATION_EVENT");
  }
  return source.replace(CREATION_EVENT, () => PLAIN_INSERT);
}

const ORDER_STORE = join('src', 'orders', 'store', 'order-store.ts');

/** Where each build of a run's costs is, `undefined` for the current one (the repository's own). */
export type Builds = Partial<Record<BuildName, string | undefined>>;

const LESS_CREATION_EVENT = 'less its creation event';

/**
 * Where each build the costs compare is: the current one (the repository's own), the baseline's
 * (`baselineDir`, built for the headline too), and HEAD less its creation event when a cost names
 * it (from the commit checked out, not the working tree: commit what is measured).
 */
export async function buildCostBuilds(baseline: Baseline, baselineDir: string): Promise<Builds> {
  const builds: Builds = { current: undefined, baseline: baselineDir };
  if (baseline.costs.some((c) => c.build === 'life' || c.against === 'life')) {
    builds.life = await buildBaseline('HEAD', {
      what: LESS_CREATION_EVENT,
      apply(dir) {
        const file = join(dir, ORDER_STORE);
        writeFileSync(file, withoutCreationEvent(readFileSync(file, 'utf8')));
      },
    });
  }
  return builds;
}

/** How a build is named in rows and targets. */
export function buildTitle(name: BuildName, baseline: Baseline): string {
  if (name === 'baseline') return baseline.ref;
  if (name === 'life') return `this build ${LESS_CREATION_EVENT}`;
  return 'this build';
}

const FACES = [
  { face: headline.rest, request: (l: OrderLoad) => l.rest, problem: unlessRestOrder },
  { face: headline.graphql, request: (l: OrderLoad) => l.graphql, problem: unlessCreateOrderSuccess },
] as const;

const rowName = (face: string, cost: Cost, build: BuildName, baseline: Baseline) =>
  `${face}, ${cost.what || 'cost'}: ${buildTitle(build, baseline)}`;

/** Each cost's pair of builds, side by side, for each face, in `rounds` rounds. */
export function costSteps(baseline: Baseline, load: OrderLoad, builds: Builds, rounds: number): Interleaved[] {
  return baseline.costs.flatMap((cost) =>
    FACES.map(({ face, request, problem }) => ({
      interleaved: [cost.build, cost.against].map((build) => ({
        name: rowName(face, cost, build, baseline),
        start: () => startService(load.env, undefined, builds[build]),
        request: request(load),
        problem,
        cpuByThread: true,
      })),
      rounds,
      sideBySide: true,
      connectionsEach: true,
    })),
  );
}

export interface CostFigures {
  face: string;
  cost: Cost;
  buildTitle: string;
  againstTitle: string;
  /** The build's CPU per order over the other's, less one, in per cent: the median of the rounds' ratios. */
  percent: number;
  byRoundPercent: number[];
  /** 1 − build over against in req/s, in per cent (the median of the rounds' ratios): reported, not judged. */
  ratePercent: number;
  perSecond: [build: number, against: number];
  cpu: [build: CpuPerOrder | null, against: CpuPerOrder | null];
}

export function costFigures(measurements: Measurement[], baseline: Baseline | null): CostFigures[] {
  if (!baseline) return [];
  return baseline.costs.flatMap((cost) =>
    FACES.flatMap(({ face }) => {
      const m = measurements.find((r) => r.scenario === rowName(face, cost, cost.build, baseline));
      const before = measurements.find((r) => r.scenario === rowName(face, cost, cost.against, baseline));
      const cpu = m && before ? cpuRatioOf(m, before) : undefined;
      if (!m || !before || !cpu) return [];
      return [{
        face,
        cost,
        buildTitle: buildTitle(cost.build, baseline),
        againstTitle: buildTitle(cost.against, baseline),
        percent: round(100 * (cpu.median - 1)),
        byRoundPercent: cpu.byRound.map((r) => round(100 * (r - 1))),
        ratePercent: round(100 * (1 - ratioOf(m, before).median)),
        perSecond: [m.okPerSecond, before.okPerSecond],
        cpu: [m.cpu ?? null, before.cpu ?? null],
      }];
    }),
  );
}

export function costTargets(figures: CostFigures[], baseline: Baseline | null): Target[] {
  return figures.map((f) => ({
    what: `${f.face}${f.cost.what ? `, ${f.cost.what}` : ''}: ${f.buildTitle} costs at most ${f.cost.percent} % more CPU per order than ${
      f.cost.against === 'baseline' && baseline ? `${baseline.label} (${baseline.ref})` : f.againstTitle
    } (side by side, median of the rounds' ratios)`,
    measured: `${f.percent.toFixed(1)} %`,
    met: f.percent <= f.cost.percent,
  }));
}

export function printCosts(figures: CostFigures[]) {
  if (figures.length === 0) return;
  const rate = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
  const cpu = (c: CpuPerOrder | null) => (c ? `${c.totalUs.toFixed(1)} µs (HTTP thread ${c.httpThreadUs.toFixed(1)}, store thread ${c.storeThreadUs?.toFixed(1) ?? '—'})` : '—');
  console.log(`\nwhat each change costs order creation in CPU per order (its build beside the build before it, side by side, ${figures[0]!.byRoundPercent.length} rounds):`);
  for (const f of figures) {
    console.log(`  ${f.face}, ${f.cost.what || 'cost'}: ${f.buildTitle} against ${f.againstTitle}: ${f.percent.toFixed(1)} % more CPU per order ` +
      `(rounds: ${f.byRoundPercent.map((p) => `${p.toFixed(1)} %`).join(', ')})`);
    console.log(`    CPU per order ${cpu(f.cpu[0])} against ${cpu(f.cpu[1])}; ${rate(f.perSecond[0])} against ${rate(f.perSecond[1])} req/s (${f.ratePercent.toFixed(1)} % fewer)`);
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
