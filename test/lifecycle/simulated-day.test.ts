import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/platform/store/sql.js';
import { onEngine, pglite, pgliteThread, postgres, type TestStore } from '../support/engines.js';
import { simulateDay, type DayPlan } from './day/simulation.js';
import { secondConnection } from './support/fixtures.js';
import { timedSql } from './support/timed-sql.js';
import { allHistoryProblems } from './support/history.js';

// SIM_ORDERS scales the day down (or up) to taste; the default is the day the invariants are held to.
const PLAN: DayPlan = { orders: Number(process.env.SIM_ORDERS ?? 2_000), operators: 300, seed: 20_260_803, feePercent: 10 };
// PostgreSQL takes longer per change than the embedded store: the day there is asked for by name.
const engines = process.env.SIM_ON_POSTGRES ? [pgliteThread, postgres] : [pgliteThread];

for (const engine of engines) {
  describe.skipIf(engine.skip !== null)(`a simulated day, ${onEngine(engine)}`, () => {
    let store: TestStore;
    let second: { sql: Sql; close(): Promise<void> };
    beforeAll(async () => {
      store = await engine.open();
      second = await secondConnection(store);
    });
    afterAll(async () => {
      await second?.close();
      await store?.dispose();
    });

    it(`when ${PLAN.orders} orders and ${PLAN.operators} operators live a day, with a refund outage, then no operator is on two orders, no order is stuck, every refund is made once and right, and every history follows the table`, async () => {
      const started = performance.now();
      const stats = new Map<string, { n: number; ms: number }>();
      const sqls = process.env.SIM_VERBOSE ? [timedSql(store.sql, stats), timedSql(second.sql, stats)] : [store.sql, second.sql];
      const day = await simulateDay(sqls, PLAN);

      if (process.env.SIM_VERBOSE) {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.info(`simulated until ${day.simulatedUntil.toISOString()} in ${seconds} s; ${day.refundFailures} refund failures`);
        console.info(Object.fromEntries([...day.tally].sort()));
        console.info(Object.fromEntries([...day.phases].map(([k, v]) => [k, Math.round(v)])));
        console.info([...stats].sort((x, y) => y[1].ms - x[1].ms).slice(0, 25).map(([k, v]) => `${v.n} ${v.ms.toFixed(0)} ms ${k}`).join('\n'));
      }
      if (process.env.SIM_VERBOSE) console.info(day.anomalies.slice(0, 5), Object.entries(day.found).map(([k, v]) => [k, v.length, v.slice(0, 5)]));
      expect(day.anomalies.slice(0, 10)).toEqual([]);
      expect(day.found.during.slice(0, 10)).toEqual([]);
      expect(day.found.endOfDay.slice(0, 10)).toEqual([]);
      expect(day.found.over.slice(0, 10)).toEqual([]);
      expect([...(await allHistoryProblems(store.sql))].slice(0, 10)).toEqual([]);
      // The day did what it was meant to: each kind of thing happened.
      for (const seen of ['operator accepts: done', 'operator declines: done', 'offer left to expire', 'owner cancels: done', 'platform pauses: done',
        'platform resumes: done', 'platform cancels: done', 'platform assigns: done', 'platform closes: done', 'payment not_payable', 'payment already_paid',
        'operator reports finished: repeat', 'operator moved']) {
        expect(day.tally.get(seen) ?? 0, seen).toBeGreaterThan(0);
      }
      expect(day.refundFailures).toBeGreaterThan(0);
    }, 600_000);
  });
}
