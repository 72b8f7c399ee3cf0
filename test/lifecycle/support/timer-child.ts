// An instance that claims the due timers and then stops answering mid-run: each offer it is about
// to make waits forever inside its transaction (the order's row locked), and each refund it asks
// for is made but never answered. The test kills it with SIGKILL once all are stuck.
import { openPostgres } from '../../../src/platform/store/postgres.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { fixedRoster } from './fixtures.js';
import { lifeInstance } from './instance.js';
import { tableRefunder } from './table-refunder.js';

const now = new Date(process.env.CHILD_NOW!);
const operators = process.env.CHILD_OPERATORS!.split(',');
const sql = await openPostgres(process.env.CHILD_DATABASE_URL!);
const say = (line: string) => process.stdout.write(`${line}\n`);
const never = new Promise<never>(() => {});

const stuck: Sql = {
  ...sql,
  transaction: (fn) =>
    sql.transaction((tx) =>
      fn({
        ...tx,
        query: (text, params, options) => {
          if (!text.includes('insert into order_offers')) return tx.query(text, params, options);
          say(`stuck offering ${String(params?.[0])}`);
          return never;
        },
      }),
    ),
};

const life = lifeInstance(stuck, {
  clock: () => now,
  roster: fixedRoster(() => operators),
  refunder: tableRefunder(sql, { hang: true, onHang: () => say('stuck refunding') }),
  followUps: 'timers only',
});
say('claiming');
await life.timers.runDue();
say('ran to the end');
