import type { Actor } from '../core/lifecycle/actors.js';
import type { Sql } from './sql.js';

/** An event of one order, as the transaction that made the change writes it. */
export interface EventRow {
  orderId: number;
  /** The order's version after the change. */
  seq: number;
  type: string;
  at: Date;
  status: string;
  pendingStatus: string | null;
  actor: Actor;
  reason: string | null;
  traceparent: string | null;
}

/** The insert of an event, its values taken from parameter `$first` on, in eventValues' order. */
export const insertEvent = (first: number): string =>
  `insert into order_events (order_id, seq, type, at, status, pending_status, actor, actor_id, reason, traceparent)
  values (${Array.from({ length: 10 }, (_, i) => `$${first + i}`).join(', ')})`;

const INSERT_EVENT = insertEvent(1);

export const eventValues = (e: EventRow): unknown[] => [
  e.orderId,
  e.seq,
  e.type,
  e.at.toISOString(),
  e.status,
  e.pendingStatus,
  e.actor.kind,
  e.actor.id,
  e.reason,
  e.traceparent,
];

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
