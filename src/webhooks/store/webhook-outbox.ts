import type { WebhookOutbox } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';

// Asked before the cursor is taken: without an endpoint no event goes anywhere, and a pass
// writes nothing (no transaction to commit, nothing to sync). The cursor is left where it is; the
// first endpoint registered moves it past every event there is (webhook-endpoint-store.ts), so an
// endpoint takes the events of changes that commit after it is registered.
/** Whether any endpoint is registered (and not deleted). */
export const LIVE_ENDPOINTS = 'exists (select 1 from webhook_endpoints where deleted_at is null)';
const ANY_ENDPOINT = `select ${LIVE_ENDPOINTS} as endpoints`;

// One instance at a time: the others skip the locked row rather than wait behind it. Whether any
// endpoint takes events is asked again in the snapshot the pass reads.
const CURSOR = `select through_id, seen_id, ${LIVE_ENDPOINTS} as endpoints from webhook_fanout for update skip locked`;

// A pass, in one statement: the events read stay in the engine, and only what the worker needs
// to know comes back. The page: after the cursor, the ids not seen yet and the gaps below them
// that have since committed ($1 through_id, $2 seen_id, $3 the page's size). Deliveries: one per
// endpoint of the order's owner that takes the event's webhook type ($4, $5: the order events
// sent and their webhook types; $6 now). Gaps: between ids newly seen, those no wider than $8;
// gaps read now or older than $7 are forgotten. The cursor moves in the same statement, so each
// event is read once; the conflict clause is a guard besides.
const PASS = `with page as (
    select id, order_id, type, at from order_events
    where id > $1 and (id > $2 or id in (select event_id from webhook_fanout_gaps))
    order by id limit $3),
  sent as (
    select p.id, p.order_id, t.type
    from page p join unnest($4::text[], $5::text[]) as t(event_type, type) on t.event_type = p.type),
  delivered as (
    insert into webhook_deliveries (endpoint_id, event_id, order_id, webhook_id, type, next_attempt_at, created_at)
    select ep.id, s.id, s.order_id, 'msg_' || s.id || '_' || ep.id, s.type, $6, $6
    from sent s
    join orders o on o.id = s.order_id
    join webhook_endpoints ep on ep.owner_subject = o.owner_subject and ep.deleted_at is null
      and (ep.events is null or s.type = any(ep.events))
    on conflict (endpoint_id, event_id) do nothing),
  fresh as (select id, lag(id, 1, $2::bigint) over (order by id) as before from page where id > $2),
  new_gaps as (
    select g.id from fresh, generate_series(fresh.before + 1, fresh.id - 1) as g(id)
    where fresh.id - fresh.before - 1 between 1 and $8),
  dropped as (
    delete from webhook_fanout_gaps where event_id in (select id from page where id <= $2) or since < $7::timestamptz
    returning event_id),
  added as (insert into webhook_fanout_gaps (event_id, since) select id, $6 from new_gaps on conflict do nothing),
  seen as (select coalesce(max(id), $2::bigint) as id from fresh),
  moved as (
    update webhook_fanout set seen_id = seen.id,
      through_id = coalesce(least(
        (select min(event_id) from webhook_fanout_gaps where event_id not in (select event_id from dropped)),
        (select min(id) from new_gaps)) - 1, seen.id)
    from seen)
  select (select count(*) from page)::int as read, (select at from page order by id limit 1) as oldest_at`;

// A hole this wide is not transactions in flight (there are never that many at once) but a
// sequence moved on: it is not waited for.
const WIDEST_GAP = 10_000;

const NO_ENDPOINT = Object.freeze({ read: 0, oldestAt: null, endpoints: false });

interface Cursor {
  through_id: string | number;
  seen_id: string | number;
  endpoints: boolean;
}

/**
 * The fan-out's reading of order_events (migrations/012): in id order, with the cursor kept in
 * the same transaction as the deliveries it made. Ids commit out of order on PostgreSQL, so an id
 * skipped over is remembered as a gap and read when it commits; one still missing after
 * `gapTimeoutMs` belonged to a transaction that rolled back.
 */
export function createWebhookOutbox(sql: Sql, { gapTimeoutMs }: { gapTimeoutMs: number }): WebhookOutbox {
  return {
    async fanOut(sent, now, page) {
      const [any] = (await sql.query<{ endpoints: boolean }>(ANY_ENDPOINT)).rows;
      if (!any!.endpoints) return NO_ENDPOINT;
      return sql.transaction(async (tx) => {
        const [cursor] = (await tx.query<Cursor>(CURSOR)).rows;
        if (!cursor) return null;
        // The last one deleted since.
        if (!cursor.endpoints) return NO_ENDPOINT;
        const types = Object.entries(sent);
        const [pass] = (
          await tx.query<{ read: number; oldest_at: Date | string | null }>(PASS, [
            cursor.through_id,
            cursor.seen_id,
            page,
            types.map(([eventType]) => eventType),
            types.map(([, type]) => type),
            now.toISOString(),
            new Date(now.getTime() - gapTimeoutMs).toISOString(),
            WIDEST_GAP,
          ])
        ).rows;
        return { read: pass!.read, oldestAt: pass!.oldest_at === null ? null : new Date(pass!.oldest_at), endpoints: true };
      });
    },
  };
}
