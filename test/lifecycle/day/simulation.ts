import type { Sql } from '../../../src/platform/store/sql.js';
import { seededRandom } from '../../support/seeded-random.js';
import { fakeRefunder } from '../support/fake-refunder.js';
import { lifeInstance } from '../support/instance.js';
import { agenda } from './agenda.js';
import { anyInstance, HOUR, MINUTE, SECOND, type Sim } from './context.js';
import { customersOf } from './customers.js';
import { dayEndedWell, everyOrderDriven } from './invariants.js';
import { offerAnswers } from './offers.js';
import { operatorsOf } from './operators.js';
import { platformOf } from './platform.js';

export interface DayPlan {
  orders: number;
  operators: number;
  seed: number;
  feePercent: number;
}

const START = new Date('2026-08-03T00:00:00.000Z');
const TICK_MS = 10 * SECOND;
const DRIVE_EVERY_MS = 6 * MINUTE;
const ORDERS_COME_FOR_MS = 20 * HOUR;
const DAY_MS = 24 * HOUR;
// Long enough for every order still going at midnight to end; one that has not by then is stuck.
const WIND_DOWN_MS = 12 * HOUR;
// The refund provider is down from 08:00 to 10:00.
const OUTAGE = { from: 8 * HOUR, to: 10 * HOUR };
// Unpaid orders are cancelled this long after their link expired (as compose-lifecycle.ts does).
const EXPIRY_GRACE_MS = 2 * MINUTE;
const EXPIRY_SWEEP_MS = 10 * MINUTE;

/**
 * A day of the service over one store, with two instances, the clock moved by the simulation:
 * orders come in all day and every party does its part (see customers.ts, operators.ts,
 * platform.ts); each tick the due plans run together, then the timers of both instances, the
 * expiry sweep and the operators' apps. Once the day is over everything is let run its course.
 * Answers what was found wrong: during the day (checked hourly), at its end, and when all is over.
 */
export async function simulateDay(sqls: readonly Sql[], plan: DayPlan) {
  const clock = agenda(START, TICK_MS);
  const refunds = fakeRefunder();
  const sim: Sim = { sql: sqls[0]!, clock, random: seededRandom(plan.seed), instances: [], refunds, tally: new Map(), anomalies: [] };
  const operators = operatorsOf(sim, plan.operators, (order) => platform.finished(order));
  const platform = platformOf(sim, operators);
  const customers = customersOf(sim, operators, platform);
  const answerOffers = offerAnswers(sim, operators);
  sim.instances = sqls.map((sql) =>
    lifeInstance(sql, {
      clock: () => clock.now(),
      roster: operators.roster,
      refunder: refunds.refunder,
      policy: { cancellationFeePercent: plan.feePercent },
    }),
  );
  await operators.hire();
  for (let k = 0; k < plan.orders; k++) clock.after(sim.random() * ORDERS_COME_FOR_MS, () => customers.ask(k));
  clock.after(OUTAGE.from, async () => refunds.set('down'));
  clock.after(OUTAGE.to, async () => refunds.set('up'));

  const found: { during: string[]; endOfDay: string[]; over: string[] } = { during: [], endOfDay: [], over: [] };
  const settled = () => Promise.all(sim.instances.map((i) => i.settled()));
  // A tick where nothing falls due costs one look at the next timer: most of a day's ticks are quiet.
  let nextTimer = 0;
  const phases = new Map<string, number>();
  async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      phases.set(phase, (phases.get(phase) ?? 0) + performance.now() - started);
    }
  }
  async function tick(): Promise<void> {
    const due = clock.advance();
    await timed('plans', async () => {
      await Promise.all(due.map((run) => run()));
      await settled();
    });
    const elapsed = clock.elapsedMs();
    const driving = elapsed % DRIVE_EVERY_MS === 0 && (await timed('drive', () => operators.drive(DRIVE_EVERY_MS))) > 0;
    const timing = clock.now().getTime() >= nextTimer;
    if (timing) await timed('timers', () => Promise.all(sim.instances.map((i) => i.timers.runDue())));
    if (elapsed % EXPIRY_SWEEP_MS === 0) {
      await timed('expiry', () => anyInstance(sim).payments.expireUnpaid(new Date(clock.now().getTime() - EXPIRY_GRACE_MS), 500));
    }
    // New offers come only from a payment, a resume, a decline or a dispatch timer.
    if (due.length || timing || driving) await timed('offers', () => answerOffers(customers.orders));
    await timed('settle', settled);
    nextTimer = await timed('next timer', () => nextTimerDue(sim.sql));
    if (elapsed % HOUR === 0) {
      const problems = await timed('checks', () => everyOrderDriven(sim.sql));
      found.during.push(...problems.map((p) => `${clock.now().toISOString()} ${p}`));
    }
  }

  while (clock.elapsedMs() < DAY_MS) await tick();
  found.endOfDay = await everyOrderDriven(sim.sql);
  // No more orders come: the parties finish what they started, and the timers the rest.
  const over = async () => clock.elapsedMs() % (10 * MINUTE) === 0 && clock.pending() === 0 && !(await stillMoving(sim.sql));
  while (clock.elapsedMs() < DAY_MS + WIND_DOWN_MS && !(await over())) await tick();
  clock.advance(DAY_MS + HOUR);
  while ((await Promise.all(sim.instances.map((i) => i.timers.runDue()))).some((n) => n > 0)) await settled();
  found.over = await dayEndedWell(sim.sql, refunds, plan.feePercent);

  // Refunds fail while the provider is down: that, and only that, is a problem the service reports.
  const reported = sim.instances.flatMap((i) => i.problems);
  const unexpected = reported.filter((p) => p.problem !== 'refund failed; retried later');
  return { found, anomalies: [...sim.anomalies, ...unexpected.map((p) => `${p.problem}: ${String(p.detail.err)}`)], tally: sim.tally, refundFailures: reported.length - unexpected.length, phases, simulatedUntil: clock.now() };
}

async function nextTimerDue(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ at: Date | string | null }>('select min(due_at) as at from order_timers');
  return rows[0]?.at ? new Date(rows[0].at).getTime() : Infinity;
}

async function stillMoving(sql: Sql): Promise<boolean> {
  const { rows } = await sql.query<{ n: unknown }>(`select count(*) as n from orders where status in ('pending', 'paused')`);
  return Number(rows[0]!.n) > 0;
}
