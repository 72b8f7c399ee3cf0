import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { StoreUnavailableError } from '../../src/platform/errors.js';
import { migrate } from '../../src/platform/store/migrate.js';
import { openPglite } from '../../src/platform/pglite/pglite.js';
import { openPgliteThread } from '../../src/platform/pglite/thread.js';
import { openPostgres } from '../../src/platform/store/postgres.js';
import type { Sql } from '../../src/platform/store/sql.js';

/** A store of its own for one test service or suite; `dispose` closes it and throws its data away. */
export interface TestStore {
  sql: Sql;
  /** The DATABASE_URL of a PostgreSQL store. */
  url?: string;
  dispose(): Promise<void>;
}

export interface Engine {
  name: string;
  /** Why this engine's tests are skipped here, and how to run them; null when they run. */
  skip: string | null;
  /** A migrated store, with no rows yet (the service seeds its roster at start). */
  open(): Promise<TestStore>;
  /** A store with no tables at all. */
  openEmpty(): Promise<TestStore>;
}

const migrated = (sql: Sql) => migrate(sql).then(() => {});

// A fresh PGlite takes seconds to create, a copy of a dump a fraction of that; so each test file
// makes each kind of store once and every store of that kind starts from a copy of it.
const snapshots = new Map<string, Promise<Blob>>();
function snapshot(name: string, prepare: (sql: Sql) => Promise<void>): Promise<Blob> {
  if (!snapshots.has(name)) {
    snapshots.set(name, (async () => {
      const sql = await openPglite();
      await prepare(sql);
      const dump = await sql.dump();
      await sql.close();
      return dump;
    })());
  }
  return snapshots.get(name)!;
}

function pgliteEngine(name: string, open: typeof openPglite): Engine {
  async function store(prepare: (sql: Sql) => Promise<void>, kind: string): Promise<TestStore> {
    const sql = await open(undefined, await snapshot(kind, prepare));
    return { sql, dispose: () => sql.close() };
  }
  return {
    name,
    skip: null,
    open: () => store(migrated, 'migrated'),
    openEmpty: () => store(async () => {}, 'empty'),
  };
}

/** PGlite on the calling thread: quicker to open, and what the API tests use without PostgreSQL. */
export const pglite = pgliteEngine('PGlite', openPglite);
/** PGlite on a thread of its own, as the service runs it. */
export const pgliteThread = pgliteEngine('PGlite on its own thread', openPgliteThread);

// PostgreSQL: TEST_DATABASE_URL names a server and a database to connect to (it needs the
// CREATEDB right); every store is a database of its own, created for it and dropped after.
const SERVER_URL = process.env.TEST_DATABASE_URL || null;

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL!, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function probe(): Promise<string | null> {
  if (!SERVER_URL) return 'set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them on PostgreSQL';
  const failure = await onServer((c) => c.query('select 1')).then(() => null, (e: Error) => e.message || String(e));
  if (!failure) return null;
  // CI asked for PostgreSQL: a server it cannot reach is a broken run, not a reason to skip.
  if (process.env.CI) throw new Error(`TEST_DATABASE_URL: cannot reach PostgreSQL: ${failure}`);
  return `cannot reach PostgreSQL at TEST_DATABASE_URL (${failure}): start it, or point TEST_DATABASE_URL at one`;
}
const postgresSkip = await probe();

/** A new, empty database on the test server; `drop` removes it, whoever is still connected. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `orders_test_${randomBytes(6).toString('hex')}`;
  await onServer((c) => c.query(`create database ${name}`));
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => onServer((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}) };
}

/**
 * Opens a database just made. On a server busy making and dropping the other tests' databases, the
 * first connection to a new one can take longer than the service's 2 s to connect: tried three
 * times before the test fails. (The service's own deadline is what its tests of a down server use.)
 */
async function openFresh(url: string, tries = 3): Promise<Sql> {
  try {
    return await openPostgres(url);
  } catch (error) {
    if (tries <= 1 || !(error instanceof StoreUnavailableError)) throw error;
    return openFresh(url, tries - 1);
  }
}

/** PostgreSQL on the test server; `reach` may rewrite each database's URL (to go through a proxy, say). */
export function postgresEngine(reach: (url: URL) => void = () => {}): Engine {
  async function store(prepare: (sql: Sql) => Promise<void>): Promise<TestStore> {
    const database = await createTestDatabase();
    const url = new URL(database.url);
    reach(url);
    try {
      const sql = await openFresh(url.href);
      await prepare(sql);
      return { sql, url: url.href, dispose: () => sql.close().finally(database.drop) };
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  return { name: 'PostgreSQL', skip: postgresSkip, open: () => store(migrated), openEmpty: () => store(async () => {}) };
}

export const postgres = postgresEngine();

/** host and port of the test server, for a proxy in front of it. */
export function testServer(): { host: string; port: number } {
  const url = new URL(SERVER_URL!);
  return { host: url.hostname || 'localhost', port: Number(url.port || 5432) };
}

/** The engine the API tests use: PostgreSQL when TEST_DATABASE_URL reaches a server, else PGlite. */
export const defaultEngine = postgresSkip === null ? postgres : pglite;

export const ENGINES = [pglite, pgliteThread, postgres];

/** The suite title, with the reason when the engine's tests are skipped. */
export const onEngine = (engine: Engine) => `on ${engine.name}${engine.skip ? ` (skipped: ${engine.skip})` : ''}`;
