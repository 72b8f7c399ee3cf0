import type { Actor } from '../domain/actors.js';
import type { OrderEventType } from '../domain/order.js';
import type { Sql } from '../../platform/store/sql.js';

/** An event of one order, as the transaction that made the change writes it. */
export interface EventRow {
  orderId: number;
  /** The order's version after the change. */
  seq: number;
  type: OrderEventType;
  at: Date;
  status: string;
  pendingStatus: string | null;
  actor: Actor;
  reason: string | null;
  traceparent: string | null;
}

// The order and its state after the change come first; then what the change itself says (eventParameters).
const EVENT_COLUMNS = 'order_id, seq, at, status, pending_status, type, actor, actor_id, reason, traceparent';

/** How many parameters a change's own part of its event takes (eventParameters). */
export const EVENT_PARAMETERS = 5;

const changeParameters = (first: number) => Array.from({ length: EVENT_PARAMETERS }, (_, i) => `$${first + i}`).join(', ');

const INSERT_EVENT = `insert into order_events (${EVENT_COLUMNS}) values ($1, $2, $3, $4, $5, ${changeParameters(6)})`;

/**
 * The insert of the event of a change made in the same statement: the order, its new version
 * (the event's seq), time and state from `source` (the updated row, `returning *`), the rest from
 * parameter `$first` on, in eventParameters' order.
 */
export const insertEventOf = (source: string, first: number): string =>
  `insert into order_events (${EVENT_COLUMNS}) select id, version, updated_at, status, pending_status, ${changeParameters(first)} from ${source}`;

/** What the change itself says of its event. */
export const eventParameters = (e: Pick<EventRow, 'type' | 'actor' | 'reason' | 'traceparent'>): unknown[] => [
  e.type,
  e.actor.kind,
  e.actor.id,
  e.reason,
  e.traceparent,
];

const eventValues = (e: EventRow): unknown[] => [e.orderId, e.seq, e.at.toISOString(), e.status, e.pendingStatus, ...eventParameters(e)];

/**
 * Writes the event of a change, inside the transaction that made it: the order's history and the
 * outbox are the same row, so nothing is announced that did not commit, and nothing committed
 * goes unannounced.
 */
export async function writeEvent(tx: Sql, e: EventRow): Promise<void> {
  await tx.query(INSERT_EVENT, eventValues(e));
}

/** A condition of a change that failed: the transaction is rolled back, and this is its outcome. */
export class ChangeRefused<T> extends Error {
  constructor(readonly outcome: T) {
    super('change refused');
  }
}

/** Runs `fn` in a transaction; one that throws ChangeRefused rolls back and answers its outcome. */
export async function inChange<T, R>(sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T | R> {
  try {
    return await sql.transaction(fn);
  } catch (error) {
    if (error instanceof ChangeRefused) return error.outcome as R;
    throw error;
  }
}
