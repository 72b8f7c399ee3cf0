import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fromRoot } from '../paths.js';
import type { Sql } from './sql.js';

const MIGRATIONS_DIR = fromRoot('migrations');
// Any constant will do; every instance must use the same one.
const MIGRATION_LOCK = 7_162_534;

/**
 * Applies the migrations not yet applied, in file-name order. Instances starting together queue
 * on an advisory lock, so each file is applied once. The lock is transaction-scoped and every
 * step runs in that one transaction: a transaction keeps one connection even when taken from a
 * pool, so the lock and the migrations share a session on PostgreSQL as on PGlite, and the lock
 * cannot outlive its holder (commit, rollback or a dropped connection all release it). The price
 * is that the pending files apply all together or not at all.
 */
export async function migrate(sql: Sql): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
    const { rows } = await tx.query<{ version: string }>('select version from schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const pending = files.filter((f) => !applied.has(f));
    for (const file of pending) {
      await tx.exec(await readFile(join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
    }
    return pending;
  });
}
