import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementOutcomeUnknownError } from '../../../src/platform/store/statement-outcome.js';
import { groupTransactions } from '../../../src/platform/store/grouped-transactions.js';
import { nested, type Sql } from '../../../src/platform/store/sql.js';
import { openPglite } from '../../../src/platform/pglite/pglite.js';
import { openPgliteThread } from '../../../src/platform/pglite/thread.js';

class Refused extends Error {}

/** A transaction function over a real engine, counting the engine transactions (groups) it opens. */
function counted(sql: Sql) {
  const groups: number[] = [];
  const transaction = groupTransactions(async (fn) => {
    groups.push(0);
    return sql.transaction((tx) => {
      const counting: Sql = { ...tx, query: (text, params, options) => ((groups[groups.length - 1]! += 1), tx.query(text, params, options)) };
      return fn(counting);
    });
  });
  return { transaction, groups };
}

describe.each([
  ['PGlite', () => openPglite()],
  ['PGlite on its own thread', () => openPgliteThread()],
])('transactions grouped on %s', (_, open) => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await open();
    await sql.exec('create table notes (id int primary key, body text)');
  });
  afterAll(() => sql?.close());

  const bodies = async () => (await sql.query<{ body: string }>('select body from notes order by id')).rows.map((r) => r.body);

  it('when changes arrive together, then they commit in one group, each answered with its own result, and a refused one alone rolls back', async () => {
    await sql.exec('delete from notes');
    const { transaction, groups } = counted(sql);
    const changes = Array.from({ length: 6 }, (_, i) =>
      transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values ($1, $2)', [i, `change ${i}`]);
        if (i === 3) throw new Refused();
        return i * 10;
      }),
    );
    const outcomes = await Promise.allSettled(changes);

    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason instanceof Refused))).toEqual([0, 10, 20, true, 40, 50]);
    expect(groups).toHaveLength(1);
    expect(await bodies()).toEqual(['change 0', 'change 1', 'change 2', 'change 4', 'change 5']);
  });

  it('when a change fails on a statement, then the changes after it in the group still commit', async () => {
    await sql.exec('delete from notes');
    const { transaction } = counted(sql);
    const outcomes = await Promise.allSettled(
      [1, 1, 2].map((id, i) => transaction((tx) => tx.query('insert into notes (id, body) values ($1, $2)', [id, `try ${i}`]))),
    );

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await bodies()).toEqual(['try 0', 'try 2']);
  });

  it('when a change’s statement does not parse, then it fails with its own error, and the others in the group still commit', async () => {
    await sql.exec('delete from notes');
    const { transaction, groups } = counted(sql);
    const outcomes = await Promise.allSettled([
      transaction((tx) => tx.query('insert into notes (id, body) values (1, $1)', ['before'])),
      transaction((tx) => tx.query('insert into no_such_table (id) values (1)')),
      transaction((tx) => tx.query('insert into notes (id, body) values (2, $1)', ['after'])),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/no_such_table/);
    expect(groups).toHaveLength(1);
    expect(await bodies()).toEqual(['before', 'after']);
  });

  it('when a change follows another in its group, then it sees what that one wrote, as it would once committed', async () => {
    await sql.exec('delete from notes');
    const { transaction, groups } = counted(sql);
    const first = transaction((tx) => tx.query('insert into notes (id, body) values (1, $1)', ['first']));
    const second = transaction(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n);

    await first;
    expect(await second).toBe(1);
    expect(groups).toHaveLength(1);
  });

  it('when the last change of its group fails, or one runs no statement, then only the failed one is undone', async () => {
    await sql.exec('delete from notes');
    const { transaction, groups } = counted(sql);
    const outcomes = await Promise.allSettled([
      transaction((tx) => tx.query('insert into notes (id, body) values (1, $1)', ['kept'])),
      transaction(async () => 'nothing written'),
      transaction(async () => {
        throw new Refused();
      }),
      transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values (2, $1)', ['undone']);
        throw new Refused();
      }),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect(groups).toHaveLength(1);
    expect(await bodies()).toEqual(['kept']);
  });

  it('when changes commit, then their savepoints travel with their statements: no call to the engine of their own', async () => {
    await sql.exec('delete from notes');
    const execs: string[] = [];
    const befores: (readonly string[] | undefined)[] = [];
    const transaction = groupTransactions((fn) =>
      sql.transaction((tx) =>
        fn({
          ...tx,
          query: (text, params, options) => (befores.push(options?.before), tx.query(text, params, options)),
          exec: (text) => (execs.push(text), tx.exec(text)),
        }),
      ),
    );
    await Promise.all([1, 2, 3].map((id) => transaction((tx) => tx.query('insert into notes (id) values ($1)', [id]))));

    expect(execs).toEqual([]);
    expect(befores).toEqual([['savepoint change'], ['release savepoint change', 'savepoint change'], ['release savepoint change', 'savepoint change']]);
    expect((await sql.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 3 }]);
  });

  it('when more changes wait than a group takes, then they commit in several groups, none lost', async () => {
    await sql.exec('delete from notes');
    const { transaction, groups } = counted(sql);
    await Promise.all(Array.from({ length: 100 }, (_, i) => transaction((tx) => tx.query('insert into notes (id) values ($1)', [i]))));

    expect(groups.length).toBeGreaterThan(1);
    expect(groups.reduce((a, b) => a + b, 0)).toBe(100);
    expect((await sql.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 100 }]);
  });
});

describe('transactions grouped, on an engine that fails', () => {
  /** An engine whose statements answer; its commit, or its begin, fails as told. */
  function failing(fails: 'commit' | 'begin') {
    const tx: Sql = { query: async () => ({ rows: [] }), exec: async () => {}, transaction: nested, close: nested };
    return groupTransactions(async (fn) => {
      if (fails === 'begin') throw new StatementOutcomeUnknownError('the engine stopped');
      await fn(tx);
      throw new StatementOutcomeUnknownError('the engine stopped at the commit');
    });
  }

  it('when the group does not commit, then every change of it fails, none answered as done', async () => {
    const transaction = failing('commit');
    const outcomes = await Promise.allSettled([1, 2, 3].map((i) => transaction(async () => i)));

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('when the engine cannot begin, then the changes waiting fail rather than wait for ever', async () => {
    const transaction = failing('begin');
    const outcomes = await Promise.allSettled([1, 2, 3].map((i) => transaction(async () => i)));

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });
});
