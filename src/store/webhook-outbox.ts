import type { WebhookOutbox } from '../core/webhooks/ports.js';
import type { Sql } from './sql.js';

// One instance at a time: the others skip the locked row rather than wait behind it.
const CURSOR = 'select through_id, seen_id from webhook_fanout for update skip locked';
// After the cursor: the ids not seen yet, and the gaps below them that have since committed.
const EVENTS = `select id, type, at from order_events
  where id > $1 and (id > $2 or id in (select event_id from webhook_fanout_gaps))
  order by id limit $3`;
// One delivery per endpoint of the order's owner that takes the event's type. The cursor moves
// in the same transaction, so each event is read once; the conflict clause is a guard besides.
const DELIVER = `insert into webhook_deliveries (endpoint_id, event_id, order_id, webhook_id, type, next_attempt_at, created_at)
  select ep.id, ev.id, ev.order_id, 'msg_' || ev.id || '_' || ep.id, t.type, $3, $3
  from unnest($1::bigint[], $2::text[]) as t(event_id, type)
  join order_events ev on ev.id = t.event_id
  join orders o on o.id = ev.order_id
  join webhook_endpoints ep on ep.owner_subject = o.owner_subject and ep.deleted_at is null
    and (ep.events is null or t.type = any(ep.events))
  on conflict (endpoint_id, event_id) do nothing`;
// A hole this wide is not transactions in flight (there are never that many at once) but a
// sequence moved on: it is not waited for.
const WIDEST_GAP = 10_000;

interface EventRow {
  id: string | number;
  type: string;
  at: Date | string;
}

/**
 * The fan-out's reading of order_events (migrations/012): in id order, with the cursor kept in
 * the same transaction as the deliveries it made. Ids commit out of order on PostgreSQL, so an id
 * skipped over is remembered as a gap and read when it commits; one still missing after
 * `gapTimeoutMs` belonged to a transaction that rolled back.
 */
export function createWebhookOutbox(sql: Sql, { gapTimeoutMs }: { gapTimeoutMs: number }): WebhookOutbox {
  return {
    fanOut: (typeOf, now, page) =>
      sql.transaction(async (tx) => {
        const [cursor] = (await tx.query<{ through_id: string | number; seen_id: string | number }>(CURSOR)).rows;
        if (!cursor) return null;
        const seen = Number(cursor.seen_id);
        const { rows } = await tx.query<EventRow>(EVENTS, [cursor.through_id, seen, page]);
        const ids = rows.map((r) => Number(r.id));

        const sent = rows.flatMap((r) => {
          const type = typeOf(r.type);
          return type ? [{ id: Number(r.id), type }] : [];
        });
        if (sent.length) await tx.query(DELIVER, [sent.map((s) => s.id), sent.map((s) => s.type), now.toISOString()]);

        const filled = ids.filter((id) => id <= seen);
        const fresh = ids.filter((id) => id > seen);
        const gaps: number[] = [];
        let expected = seen + 1;
        for (const id of fresh) {
          if (id - expected <= WIDEST_GAP) for (; expected < id; expected += 1) gaps.push(expected);
          expected = id + 1;
        }
        if (filled.length) await tx.query('delete from webhook_fanout_gaps where event_id = any($1::bigint[])', [filled]);
        if (gaps.length) {
          await tx.query('insert into webhook_fanout_gaps (event_id, since) select unnest($1::bigint[]), $2 on conflict do nothing', [
            gaps,
            now.toISOString(),
          ]);
        }
        await tx.query('delete from webhook_fanout_gaps where since < $1', [new Date(now.getTime() - gapTimeoutMs).toISOString()]);
        await tx.query(
          `update webhook_fanout set seen_id = $1,
             through_id = coalesce((select min(event_id) - 1 from webhook_fanout_gaps), $1)`,
          [fresh.at(-1) ?? seen],
        );
        return { read: rows.length, oldestAt: rows[0] ? new Date(rows[0].at) : null };
      }),
  };
}
