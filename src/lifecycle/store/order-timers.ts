import type { DueTimer, TimerKind, TimerStore } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';

/** How a timer set replaces one of the same kind: statements that set timers end with it. */
export const REPLACE_TIMER = 'on conflict (order_id, kind) do update set due_at = excluded.due_at, attempts = 0';

/**
 * The insert that sets an order's timers, from the parameters that hold the order's id, the kinds
 * (text[]) and the due times (timestamptz[]); a timer of the same kind is replaced.
 */
const insertTimers = (order: string, kinds: string, dueAts: string): string =>
  `insert into order_timers (order_id, kind, due_at)
    select ${order}, kind, due_at from unnest(${kinds}::text[], ${dueAts}::timestamptz[]) as t(kind, due_at) ${REPLACE_TIMER}`;

const SET_TIMERS = insertTimers('$1', '$2', '$3');

/** Sets timers of an order inside a change's transaction; a timer of the same kind is replaced. */
export async function setTimers(tx: Sql, orderId: number, timers: readonly { kind: TimerKind; dueAt: Date }[]): Promise<void> {
  if (!timers.length) return;
  await tx.query(SET_TIMERS, [orderId, timers.map((t) => t.kind), timers.map((t) => t.dueAt.toISOString())]);
}

export async function clearTimers(tx: Sql, orderId: number, kinds: readonly TimerKind[]): Promise<void> {
  if (!kinds.length) return;
  await tx.query('delete from order_timers where order_id = $1 and kind = any($2::text[])', [orderId, kinds]);
}

// Leased by pushing due_at past the run; `skip locked`: instances claiming at once take
// different timers, and an instance that dies mid-run leaves its timers to be taken again.
const CLAIM = `update order_timers t set due_at = $2, attempts = t.attempts + 1
  from (select order_id, kind from order_timers where due_at <= $1 order by due_at limit $3 for update skip locked) due
  where t.order_id = due.order_id and t.kind = due.kind
  returning t.order_id, t.kind, t.attempts`;

export function createTimerStore(sql: Sql): TimerStore {
  return {
    async claimDue(now, limit, leaseMs) {
      const { rows } = await sql.query<{ order_id: string | number; kind: TimerKind; attempts: number }>(CLAIM, [
        now.toISOString(),
        new Date(now.getTime() + leaseMs).toISOString(),
        limit,
      ]);
      return rows.map((r): DueTimer => ({ orderId: Number(r.order_id), kind: r.kind, attempts: r.attempts }));
    },
    async retryAt(orderId, kind, at) {
      await sql.query('update order_timers set due_at = $3 where order_id = $1 and kind = $2', [orderId, kind, at.toISOString()]);
    },
    async clear(orderId, kind) {
      await clearTimers(sql, orderId, [kind]);
    },
  };
}
