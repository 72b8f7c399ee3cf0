import { DatabaseError, Pool, type PoolClient } from 'pg';
import { ConfigError } from '../config/settings.js';
import type { Sql } from './sql.js';
import { StoreUnavailableError } from '../errors.js';
import { StatementOutcomeUnknownError } from './statement-outcome.js';

// A server that has not accepted a connection by then is taken as down: the start fails with a
// clear message instead of hanging, and /readyz answers 503 instead of waiting.
const CONNECT_TIMEOUT_MS = 2_000;
// The server gives up on a statement at the deadline (statement_timeout) and the client a little
// later, so that a statement the client has given up on has, in the usual case, ended on the
// server too. The client's own bound is for a connection gone silent (a network cut without a
// reset), which TCP would take minutes to notice.
const CLIENT_GRACE_MS = 1_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** host:port (or the socket directory) of a DATABASE_URL, for messages: never the password. */
function serverOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid URL (postgres://user:password@host:port/database)');
  }
  const host = decodeURIComponent(parsed.hostname) || parsed.searchParams.get('host') || 'localhost';
  return host.startsWith('/') ? host : `${host}:${parsed.port || parsed.searchParams.get('port') || '5432'}`;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
};

function reasonOf(error: Error): string {
  // Node reports a refused "localhost" (tried on ::1 and 127.0.0.1) as an AggregateError.
  const first = error instanceof AggregateError ? (error.errors[0] as Error | undefined) : undefined;
  const code = (error as NodeJS.ErrnoException).code ?? (first as NodeJS.ErrnoException | undefined)?.code;
  if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (error.message === 'Query read timeout') return 'no answer to a statement in time';
  if (/timeout/i.test(error.message)) return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`;
  if (/terminated/i.test(error.message)) return 'the connection was closed';
  return error.message || code || error.name;
}

// SQLSTATEs by which the server refuses the session rather than the statement: connection
// exceptions (08), refused login (28), no such database (3D000), too many connections (53300),
// shutting down, crashed or starting up (57P01-57P03).
const UNAVAILABLE_STATE = /^(08|28|3D000|53300|57P0[123])/;
// The statement was cancelled, by statement_timeout or an operator, and rolled back: a slow
// store, not a wrong statement.
const CANCELLED_STATE = '57014';

/**
 * A failure to reach or keep the server becomes a StoreUnavailableError; an SQL error stays as it
 * is. `session` is the server session a statement was sent on: once sent, a statement cut off by
 * the connection may have been applied, and the failure says so.
 */
function classify(error: unknown, server: string, session?: { id: number; since: Date }): unknown {
  if (error instanceof StoreUnavailableError) return error;
  if (error instanceof DatabaseError) {
    if (error.code === CANCELLED_STATE) {
      return new StoreUnavailableError(`PostgreSQL at ${server} gave up on a statement: ${error.message}`, { cause: error });
    }
    if (!UNAVAILABLE_STATE.test(error.code ?? '')) return error;
    const message = `cannot use PostgreSQL at ${server}: ${error.message}`;
    if (session) return new StatementOutcomeUnknownError(message, session, { cause: error });
    return new StoreUnavailableError(message, { cause: error });
  }
  // Whatever else the driver throws is about the connection or the pool, except a parameter it
  // cannot send (TypeError, RangeError): that is a bug, not an outage.
  if (!(error instanceof Error) || error instanceof TypeError || error instanceof RangeError) return error;
  const message = `cannot reach PostgreSQL at ${server}: ${reasonOf(error)}`;
  if (session) return new StatementOutcomeUnknownError(message, session, { cause: error });
  return new StoreUnavailableError(message, { cause: error });
}

/**
 * PostgreSQL at `url` through a connection pool. Resolves once a first connection has answered,
 * so a wrong URL or a server that is down fails the start with a message that names it. Every
 * statement has `statementTimeoutMs` to finish.
 */
export async function openPostgres(url: string, { statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS } = {}): Promise<Sql> {
  const server = serverOf(url);
  const fail = (error: unknown): never => {
    throw classify(error, server);
  };
  const pool = new Pool({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'roadside-order-service',
    statement_timeout: statementTimeoutMs,
  });
  const queryTimeout = statementTimeoutMs + CLIENT_GRACE_MS;
  // An idle connection that breaks (a restart, a network cut) is reported here; the pool has
  // dropped it already and the next query opens another. Unheard, the event would end the process.
  pool.on('error', () => {});

  const ignore = () => {};
  // One connection, taken from the pool for the whole transaction.
  function onConnection(client: PoolClient): Sql {
    const unsupported = (): never => {
      throw new Error('not supported inside a transaction');
    };
    return {
      query: (text, params) => client.query(text, params).then((r) => ({ rows: r.rows }), fail),
      // Without parameters the driver uses the simple protocol, which takes several statements.
      exec: (text) => client.query(text).then(ignore, fail),
      transaction: unsupported,
      close: unsupported,
    };
  }

  let closing: Promise<void> | undefined;
  const sql: Sql = {
    async query(text, params) {
      // A connection that cannot be had means nothing was sent; once one is, a failure may
      // come after the statement was applied, and the session that ran it is named.
      const client = await pool.connect().catch(fail);
      const session = { id: (client as unknown as { processID: number }).processID, since: new Date() };
      // A checked-out connection reports its own breakage as an 'error' event; the statement
      // rejects with it too, which is where it is handled.
      client.on('error', ignore);
      let broken: Error | undefined;
      try {
        // The driver reads query_timeout per query; its type declarations only know it per pool.
        const result = await client.query({ text, values: params, query_timeout: queryTimeout } as { text: string });
        return { rows: result.rows };
      } catch (error) {
        if (!(error instanceof DatabaseError) || UNAVAILABLE_STATE.test(error.code ?? '')) broken = error as Error;
        throw classify(error, server, session);
      } finally {
        client.off('error', ignore);
        client.release(broken);
      }
    },
    async settle(session) {
      // Ends the session that ran a statement whose outcome is unknown, waiting for it to go:
      // it may still be running the statement, and would apply it after a look found nothing.
      // A session started since is another's, whatever its number.
      await sql.query('select pg_terminate_backend(pid, $2) from pg_stat_activity where pid = $1 and backend_start <= $3', [
        session.id,
        queryTimeout,
        session.since.toISOString(),
      ]);
    },
    exec: (text) => pool.query(text).then(ignore, fail),
    async transaction(fn) {
      const client = await pool.connect().catch(fail);
      // A checked-out connection reports its own breakage as an 'error' event; the query that
      // was running rejects with it too, which is where it is handled.
      client.on('error', ignore);
      let broken: Error | undefined;
      try {
        await client.query('begin').catch(fail);
        const result = await fn(onConnection(client));
        await client.query('commit').catch(fail);
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than handed out again.
        broken = await client.query('rollback').then(() => undefined, (e: Error) => e);
        throw error;
      } finally {
        client.off('error', ignore);
        client.release(broken);
      }
    },
    close: () => (closing ??= pool.end()),
  };

  await sql.query('select 1').catch(async (error: unknown) => {
    await sql.close();
    throw error;
  });
  return sql;
}
