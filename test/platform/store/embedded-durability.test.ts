import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/platform/config/settings.js';
import { loadConfig } from '../../../src/service/config.js';
import { migrate } from '../../../src/platform/store/migrate.js';
import { openStore } from '../../../src/platform/store/open-store.js';
import { createOrderStore } from '../../../src/orders/store/order-store.js';
import type { EmbeddedDurability } from '../../../src/platform/store/embedded-durability.js';
import { openPglite } from '../../../src/platform/pglite/pglite.js';
import type { Sql } from '../../../src/platform/store/sql.js';
import { newOrder } from '../../support/new-order.js';
import { syncedAfterLastWrite, syncs, walWritten, watchFileCalls, type FileCall } from './file-calls.js';

// The store's own checkpoints stay out of the way: a test checkpoints when it means to.
const NO_CHECKPOINTS = { checkEveryMs: 3_600_000, afterBytes: Number.MAX_SAFE_INTEGER };

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'orders-durability-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// A migrated data directory, shut down cleanly, copied for each store: opened, it is not
// recovered, so the engine has no cause to sync the whole directory before the test begins.
let template: string;
beforeAll(async () => {
  const sql = await openPglite();
  await migrate(sql);
  await sql.exec('create table notes (body text)');
  const migrated = await sql.dump();
  await sql.close();
  template = newDataDir();
  await (await openPglite(template, migrated, { durability: 'relaxed', checkpoints: NO_CHECKPOINTS })).close();
});

/** A migrated store in a data directory of its own, on this thread, with its file calls recorded. */
async function openWatched(durability: EmbeddedDurability) {
  const dataDir = newDataDir();
  cpSync(template, dataDir, { recursive: true });
  const files = watchFileCalls();
  try {
    const sql = await openPglite(dataDir, undefined, { durability, checkpoints: NO_CHECKPOINTS });
    return { sql, files, close: () => sql.close().finally(files.stop) };
  } catch (error) {
    files.stop();
    throw error;
  }
}

/** Each kind of commit, as the writes it acknowledges. */
const COMMITS: [string, (sql: Sql) => Promise<unknown>[]][] = [
  [
    'orders arriving together, written by one group-commit insert',
    (sql) => {
      const orders = createOrderStore(sql);
      return Array.from({ length: 20 }, () => orders.insert(newOrder()));
    },
  ],
  ['a single statement', (sql) => [sql.query('insert into notes (body) values ($1)', ['one'])]],
  [
    'transactions arriving together, committed as one group',
    (sql) =>
      Array.from({ length: 10 }, (_, i) =>
        sql.transaction((tx) => tx.query('insert into notes (body) values ($1)', [`change ${i}`])),
      ),
  ],
  [
    'a transaction',
    (sql) => [
      sql.transaction(async (tx) => {
        await tx.query('insert into notes (body) values ($1)', ['first']);
        await tx.query('insert into notes (body) values ($1)', ['second']);
      }),
    ],
  ],
];

/** The file calls made from the start of `commit` until the first of its writes is acknowledged. */
async function callsUntilAcknowledged(calls: FileCall[], commit: () => Promise<unknown>[]): Promise<FileCall[]> {
  const from = calls.length;
  const heardBack: number[] = [];
  await Promise.all(commit().map((write) => write.then(() => heardBack.push(calls.length))));
  return calls.slice(from, Math.min(...heardBack));
}

describe('the embedded store, durable', () => {
  it.each(COMMITS)('when %s commits, then it is acknowledged only after the WAL it wrote is synced', async (_, commit) => {
    const store = await openWatched('durable');
    try {
      const calls = await callsUntilAcknowledged(store.files.calls, () => commit(store.sql));

      const wal = walWritten(calls);
      expect(wal).not.toEqual([]);
      for (const path of wal) expect(syncedAfterLastWrite(calls, path), path).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('when batches commit one after another, then each has a sync of the WAL of its own', async () => {
    const store = await openWatched('durable');
    try {
      const batches: number[] = [];
      const orders = createOrderStore(store.sql, { onBatch: (size) => batches.push(size) });
      const walSyncs: number[] = [];
      for (const size of [1, 5, 50]) {
        const calls = await callsUntilAcknowledged(store.files.calls, () => Array.from({ length: size }, () => orders.insert(newOrder())));
        walSyncs.push(syncs(calls).filter((c) => walWritten(calls).includes(c.path)).length);
      }

      expect(batches).toEqual([1, 5, 50]);
      expect(walSyncs.every((n) => n >= 1), `WAL syncs per batch: ${walSyncs.join(', ')}`).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('when its data directory is new, then every file and directory in it is synced before the store opens', async () => {
    const dataDir = join(newDataDir(), 'new');
    const files = watchFileCalls();
    let sql: Sql | undefined;
    try {
      sql = await openPglite(dataDir, undefined, { durability: 'durable', checkpoints: NO_CHECKPOINTS });
      const synced = new Set(syncs(files.calls).map((c) => c.path));
      const made = readdirSync(dataDir, { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name));

      expect(made.length).toBeGreaterThan(100);
      expect([dataDir, ...made].filter((path) => !synced.has(path))).toEqual([]);
    } finally {
      files.stop();
      await sql?.close();
    }
  });

  it('when it checkpoints, then every table file written is synced before the checkpoint is recorded', async () => {
    const store = await openWatched('durable');
    try {
      const from = store.files.calls.length;
      const orders = createOrderStore(store.sql);
      await Promise.all(Array.from({ length: 200 }, () => orders.insert(newOrder())));
      await store.sql.exec('checkpoint');

      const calls = store.files.calls.slice(from);
      // The checkpoint's record is in the WAL, synced, before pg_control names it.
      const recorded = calls.findIndex((c) => c.call === 'write' && c.path.endsWith('/global/pg_control'));
      expect(recorded).toBeGreaterThan(0);
      const before = calls.slice(0, recorded);
      const tables = [...new Set(before.filter((c) => c.call === 'write' && /\/base\/\d+\/\d+/.test(c.path)).map((c) => c.path))];
      expect(tables).not.toEqual([]);
      for (const path of [...tables, ...walWritten(before)]) expect(syncedAfterLastWrite(before, path), path).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe('the embedded store, relaxed', () => {
  it.each(COMMITS)('when %s commits, then its WAL is written and nothing is synced', async (_, commit) => {
    const store = await openWatched('relaxed');
    try {
      const calls = await callsUntilAcknowledged(store.files.calls, () => commit(store.sql));

      expect(walWritten(calls)).not.toEqual([]);
      expect(syncs(calls)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('when it checkpoints, then nothing is synced', async () => {
    const store = await openWatched('relaxed');
    try {
      const from = store.files.calls.length;
      await store.sql.query('insert into notes (body) values ($1)', ['one']);
      await store.sql.exec('checkpoint');

      const calls = store.files.calls.slice(from);
      expect(calls.some((c) => c.call === 'write' && c.path.endsWith('/global/pg_control'))).toBe(true);
      expect(syncs(calls)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('EMBEDDED_DURABILITY', () => {
  const fsyncOf = async (env: Record<string, string>) => {
    const dataDir = newDataDir();
    cpSync(template, dataDir, { recursive: true });
    const sql = await openStore(loadConfig({ DATA_DIR: dataDir, ...env }));
    try {
      return (await sql.query<{ fsync: string }>('show fsync')).rows[0]!.fsync;
    } finally {
      await sql.close();
    }
  };

  it('when unset, then the service opens its embedded store durable: the engine syncs', async () => {
    expect(loadConfig({}).embeddedDurability).toBe('durable');
    expect(await fsyncOf({})).toBe('on');
  });

  it('when relaxed, then the service opens its embedded store relaxed: the engine does not sync', async () => {
    expect(await fsyncOf({ EMBEDDED_DURABILITY: 'relaxed' })).toBe('off');
  });

  it('when neither durable nor relaxed, then loading fails with a ConfigError naming it', () => {
    expect(() => loadConfig({ EMBEDDED_DURABILITY: 'fast' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBEDDED_DURABILITY: 'fast' })).toThrow('EMBEDDED_DURABILITY');
  });
});
