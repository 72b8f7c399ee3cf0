import { readdir, readFile } from 'node:fs/promises';
import type { Sql } from './sql.js';

const MIGRATIONS_DIR = new URL('../../migrations/', import.meta.url);
// Any constant will do; every instance must use the same one.
const MIGRATION_LOCK = 7_162_534;

/**
 * Applies the migrations not yet applied, in file-name order, each in its own transaction.
 * Instances starting together wait on an advisory lock, so only one applies each file.
 */
export async function migrate(sql: Sql): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  await sql.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await sql.exec(`create table if not exists schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
    const { rows } = await sql.query<{ version: string }>('select version from schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const pending = files.filter((f) => !applied.has(f));
    for (const file of pending) {
      const text = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      await sql.transaction(async (tx) => {
        await tx.exec(text);
        await tx.query('insert into schema_migrations (version) values ($1)', [file]);
      });
    }
    return pending;
  } finally {
    await sql.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
