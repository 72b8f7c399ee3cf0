import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../../src/platform/pglite/pglite.js';
import { openPgliteThread } from '../../../src/platform/pglite/thread.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { StoreUnavailableError } from '../../../src/platform/errors.js';
import { pglite, pgliteThread, type Engine } from '../../support/engines.js';

// The embedded engine's Sql, on the calling thread and on a thread of its own: what the stores
// rely on beyond the rows themselves (errors, transactions, statements parsed once).
const TABLE = 'create table things (id int primary key, name text not null, tags smallint[])';

async function withStore(engine: Engine, fn: (sql: Sql) => Promise<void>) {
  const store = await engine.openEmpty();
  try {
    await store.sql.exec(TABLE);
    await fn(store.sql);
  } finally {
    await store.dispose();
  }
}

const names = async (sql: Sql) => (await sql.query<{ name: string }>('select name from things order by id')).rows.map((r) => r.name);

const planCacheMode = async (sql: Sql) =>
  (await sql.query<{ mode: string }>("select current_setting('plan_cache_mode') as mode")).rows[0]!.mode;

/** How many generic and custom plans each prepared statement has been run with. */
async function planCounts(sql: Sql): Promise<Record<string, { generic: number; custom: number }>> {
  const { rows } = await sql.query<{ statement: string; generic: number; custom: number }>(
    'select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements',
  );
  return Object.fromEntries(rows.map(({ statement, generic, custom }) => [statement, { generic, custom }]));
}

// Each test opens an engine of its own, which takes seconds on a busy machine (the first of a run
// also compiles PostgreSQL's WebAssembly): as long as a hook is given.
describe.each([pglite, pgliteThread])('PGlite as the stores use it: $name', { timeout: 60_000 }, (engine) => {
  it('when a statement breaks a constraint, then the error carries its SQLSTATE and constraint', async () => {
    await withStore(engine, async (sql) => {
      await sql.query('insert into things (id, name) values ($1, $2)', [1, 'a']);
      await expect(sql.query('insert into things (id, name) values ($1, $2)', [1, 'b'])).rejects.toMatchObject({
        code: '23505',
        constraint: 'things_pkey',
      });
      expect(await names(sql)).toEqual(['a']);
    });
  });

  it('when a statement does not parse, then it fails each time and the store goes on', async () => {
    await withStore(engine, async (sql) => {
      for (let i = 0; i < 2; i++) await expect(sql.query('selec 1')).rejects.toMatchObject({ code: '42601' });
      expect((await sql.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    });
  });

  it('runs one statement many times with different values, nulls and arrays included', async () => {
    await withStore(engine, async (sql) => {
      const insert = 'insert into things (id, name, tags) values ($1, $2, $3) returning id, tags';
      expect((await sql.query(insert, [1, 'a', [1, 2]])).rows).toEqual([{ id: 1, tags: [1, 2] }]);
      expect((await sql.query(insert, [2, 'b', null])).rows).toEqual([{ id: 2, tags: null }]);
      expect(await names(sql)).toEqual(['a', 'b']);
    });
  });

  it('sends text of any length and script, and bytes, as they are, one value after a longer one', async () => {
    await withStore(engine, async (sql) => {
      const echo = 'select $1::text as text, octet_length($1::text) as bytes, $2::bytea as raw';
      const long = 'ñandú 🚚 '.repeat(5_000);
      const huge = 'ñandú 🚚 '.repeat(100_000); // past what the engine's message buffer keeps
      const raw = new Uint8Array([0, 1, 254, 255]);
      for (const text of [long, huge, 'é', long, '']) {
        const [row] = (await sql.query<{ text: string; bytes: number; raw: Uint8Array }>(echo, [text, raw])).rows;
        expect(row).toEqual({ text, bytes: Buffer.byteLength(text), raw });
      }
    });
  });

  it('when a transaction fails, then nothing of it is written and the store goes on', async () => {
    await withStore(engine, async (sql) => {
      await expect(
        sql.transaction(async (tx) => {
          await tx.query('insert into things (id, name) values (1, $1)', ['a']);
          await tx.query('insert into things (id, name) values (1, $1)', ['again']);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(
        sql.transaction(async (tx) => {
          await tx.query('insert into things (id, name) values (1, $1)', ['a']);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await names(sql)).toEqual([]);
      expect(await sql.transaction(async (tx) => (await tx.query('insert into things values (2, $1) returning id', ['b'])).rows)).toEqual([{ id: 2 }]);
      expect(await names(sql)).toEqual(['b']);
    });
  });

  it('when a transaction’s first statement fails, or it runs none, then nothing is left open and the store goes on', async () => {
    await withStore(engine, async (sql) => {
      await expect(sql.transaction((tx) => tx.query('insert into nothings values (1)'))).rejects.toThrow(/nothings/);
      await expect(
        sql.transaction(async (tx) => {
          await tx.query('insert into things (id, name) values (1, null)').catch(() => {});
          await tx.query('insert into things (id, name) values (2, $1)', ['in an aborted transaction']);
        }),
      ).rejects.toMatchObject({ code: '25P02' });
      expect(await sql.transaction(async () => 'nothing asked')).toBe('nothing asked');
      await expect(sql.transaction(async () => Promise.reject(new Error('before any statement')))).rejects.toThrow('before any statement');

      await sql.transaction((tx) => tx.query('insert into things (id, name) values (3, $1)', ['c']));
      expect(await names(sql)).toEqual(['c']);
    });
  });

  it('a statement to be planned once keeps one plan, while the others are still planned for each run', async () => {
    await withStore(engine, async (sql) => {
      const insert = 'insert into things (id, name) select unnest($1::int[]), unnest($2::text[]) returning id';
      for (let id = 1; id <= 5; id++) {
        expect((await sql.query(insert, [[id], [`n${id}`]], { planOnce: true })).rows).toEqual([{ id }]);
        expect((await sql.query('select name from things where id = $1', [id])).rows).toEqual([{ name: `n${id}` }]);
      }
      expect(await planCounts(sql)).toMatchObject({
        [insert]: { generic: 5, custom: 0 },
        'select name from things where id = $1': { generic: 0, custom: 5 },
      });
      expect(await planCacheMode(sql)).toBe('force_custom_plan');
    });
  });

  it('when a statement planned once fails, or runs in a transaction, then the setting ends with its statement', async () => {
    await withStore(engine, async (sql) => {
      const insert = 'insert into things (id, name) values ($1, $2)';
      await sql.query(insert, [1, 'a'], { planOnce: true });
      await expect(sql.query(insert, [1, 'again'], { planOnce: true })).rejects.toMatchObject({ code: '23505' });
      expect(await planCacheMode(sql)).toBe('force_custom_plan');
      const [inside, read] = await sql.transaction(async (tx) => {
        await tx.query(insert, [2, 'b'], { planOnce: true });
        const mode = (await tx.query<{ mode: string }>("select current_setting('plan_cache_mode') as mode")).rows[0]!.mode;
        return [mode, (await tx.query('select name from things where id = $1', [1], { planOnce: true })).rows] as const;
      });
      expect(inside).toBe('force_custom_plan');
      // Its own rows only, not the setting's that follows it.
      expect(read).toEqual([{ name: 'a' }]);
      // Planned once inside the transaction too.
      expect(await planCounts(sql)).toMatchObject({ [insert]: { generic: 3, custom: 0 } });
      expect(await names(sql)).toEqual(['a', 'b']);
    });
  });

  it('while a transaction is open, a statement outside it waits for its end', async () => {
    await withStore(engine, async (sql) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = sql.transaction(async (tx) => {
        await tx.query('insert into things (id, name) values (1, $1)', ['a']);
        inserted();
        await held;
      });
      await insertedYet;
      let seen: string[] | undefined;
      const outside = names(sql).then((n) => (seen = n));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toBeUndefined();
      release();
      await transaction;
      await outside;
      expect(seen).toEqual(['a']);
    });
  });
});

describe('PGlite on its own thread', () => {
  it('when its new data directory cannot be made, then opening fails and says where', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'not-a-dir-')), 'file');
    writeFileSync(file, '');
    const dataDir = join(file, 'data');
    await expect(openPgliteThread(dataDir)).rejects.toThrow(`could not make the embedded store in ${dataDir}`);
    await expect(openPgliteThread(dataDir)).rejects.toThrow(/ENOTDIR/);
  });

  it('when it has stopped, then a statement is refused as the store being unavailable, instead of waiting for ever', async () => {
    const store = await pgliteThread.openEmpty();
    await store.dispose();
    // The error by which the service answers 503 and /readyz reports the store down.
    await expect(store.sql.query('select 1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.sql.query('select 1')).rejects.toThrow(/stopped/);
  });

  it('when an answer has arrived, then deliverArrived settles its call without the event loop', async () => {
    const store = await pgliteThread.openEmpty();
    try {
      let settled = false;
      const answer = store.sql.query('select 1').then(() => (settled = true));
      // This thread blocks until the answer is in: only microtasks run between the waits, and a
      // message on a port is not one, so nothing but deliverArrived can settle the call.
      const blocked = new Int32Array(new SharedArrayBuffer(4));
      for (let waits = 0; !settled && waits < 1_000; waits++) {
        Atomics.wait(blocked, 0, 0, 10);
        store.sql.deliverArrived!();
        for (let tick = 0; tick < 10; tick++) await null;
      }
      expect(settled).toBe(true);
      await answer;
    } finally {
      await store.dispose();
    }
  });
});

describe('PGlite checkpoints itself', () => {
  // What a restart after a crash would replay, and where the last checkpoint's record is.
  const wal = async (sql: Sql) =>
    (
      await sql.query<{ replay: number; checkpoint: string }>(
        'select (pg_current_wal_lsn() - redo_lsn)::int as replay, checkpoint_lsn::text as checkpoint from pg_control_checkpoint()',
      )
    ).rows[0]!;
  const until = async (done: () => Promise<boolean>) => {
    for (let waits = 0; waits < 200 && !(await done()); waits++) await new Promise((resolve) => setTimeout(resolve, 25));
  };

  it('once enough WAL has been written since the last checkpoint, and not while nothing is written', async () => {
    const sql = await openPglite(undefined, undefined, { checkpoints: { checkEveryMs: 10, afterBytes: 256 * 1024 } });
    try {
      await sql.exec(TABLE);
      await until(async () => (await wal(sql)).replay < 256 * 1024);
      const idle = await wal(sql);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await wal(sql)).checkpoint).toBe(idle.checkpoint);

      await sql.query("insert into things (id, name) select n, repeat('x', 100) from generate_series(1, 5000) n");
      expect((await wal(sql)).replay).toBeGreaterThan(256 * 1024);
      await until(async () => (await wal(sql)).replay < 256 * 1024);
      const after = await wal(sql);
      expect(after.replay).toBeLessThan(256 * 1024);
      expect(after.checkpoint).not.toBe(idle.checkpoint);
    } finally {
      await sql.close();
    }
  });
});
