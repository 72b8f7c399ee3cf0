import pg from 'pg';
import type { Logger } from 'pino';
import type { EventBus } from '../domain/bus.js';
import type { Sql } from '../../platform/store/sql.js';
import { backoffMs } from './backoff.js';
import { createFanout, notePayload, noteOf, type BusObserver } from './fanout.js';

export interface PostgresBusOptions {
  url: string;
  /** The LISTEN/NOTIFY channel (EVENTS_CHANNEL). */
  channel: string;
  /** Where notes are published: the store's own connections, under their statement deadline. */
  sql: Pick<Sql, 'query'>;
  log: Logger;
  observe?: BusObserver;
  /** Deadline of connecting, and of each statement on the listening connection. */
  timeoutMs?: number;
  /** How often the listening connection is checked: a connection cut without a reset says nothing. */
  checkEveryMs?: number;
  now?: () => number;
}

/**
 * PostgreSQL's LISTEN/NOTIFY between the instances on one database: each holds one connection of
 * its own that LISTENs on the channel, and publishes with `pg_notify(channel, '<orderId>:<seq>')`
 * once the change committed. When the listening connection drops it is opened again, waiting
 * longer after each failure; notifications sent meanwhile are lost, so every subscriber then reads
 * its order again.
 */
export function createPostgresBus(options: PostgresBusOptions): EventBus & { started: Promise<void> } {
  const { channel, log, observe = {}, timeoutMs = 5_000, checkEveryMs = 15_000 } = options;
  const fanout = createFanout(options.now ?? Date.now);
  let client: pg.Client | null = null;
  let closed = false;
  let connections = 0;

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
      application_name: 'order-events',
    });
    c.on('error', (err) => drop(c, err));
    c.on('end', () => drop(c));
    c.on('notification', ({ channel: from, payload }) => {
      const note = from === channel && payload ? noteOf(payload) : null;
      if (note) fanout.remote(note);
    });
    try {
      await c.connect();
      await c.query(`listen "${channel}"`);
      return c;
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
  }

  async function open(): Promise<void> {
    for (let attempt = 0; !closed; attempt++) {
      try {
        const c = await connect();
        if (closed) return void c.end().catch(() => {});
        client = c;
        connections += 1;
        // Whatever was notified while no connection listened is lost: every watch reads again.
        if (connections > 1) {
          log.info({ channel }, 'listening to order events again');
          observe.missed?.(fanout.missedAll());
        }
        return;
      } catch (err) {
        log.warn({ err, channel }, 'cannot listen to order events; trying again');
        if (attempt === 0) firstTried();
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)).unref());
      }
    }
  }

  function drop(c: pg.Client, err?: Error): void {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (closed) return;
    log.warn({ err, channel }, 'the order events connection dropped; reconnecting');
    void open();
  }

  const check = setInterval(() => {
    const c = client;
    c?.query('select 1').catch((err: Error) => drop(c, err));
  }, checkEveryMs);
  check.unref();

  // The service starts once it listens, or once the first attempt failed (it goes on trying).
  let firstTried = () => {};
  const started = new Promise<void>((resolve) => (firstTried = resolve));
  void open().then(() => firstTried());

  return {
    started,
    publish(notes) {
      if (notes.length === 0) return;
      for (const note of notes) observe.published?.(note.type ?? 'unknown');
      fanout.local(notes, true);
      options.sql
        .query('select pg_notify($1, p) from unnest($2::text[]) as p', [channel, notes.map(notePayload)])
        .catch((err: unknown) => log.warn({ err, notes: notes.map(notePayload) }, 'order events not published to the other instances'));
    },
    subscribe: fanout.subscribe,
    async close() {
      closed = true;
      clearInterval(check);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
