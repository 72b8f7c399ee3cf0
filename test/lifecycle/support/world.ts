import type { Sql } from '../../../src/platform/store/sql.js';

/** Everything a change of an order may touch, as stored: its row, history, offers, timers, operators. */
export interface World {
  order: Record<string, unknown>;
  events: EventSeen[];
  /** The order's offers, and the open ones of the operators watched. */
  offers: OfferSeen[];
  timers: TimerSeen[];
  /** The operators watched, the order each is on, and where each is. */
  operators: { id: string; currentOrderId: number | null; position: { latitude: number; longitude: number } }[];
}

export interface EventSeen {
  seq: number;
  type: string;
  at: string;
  status: string;
  pendingStatus: string | null;
  actor: string;
  actorId: string | null;
  reason: string | null;
}

export interface OfferSeen {
  orderId: number;
  operatorId: string;
  expiresAt: string;
  outcome: string | null;
  decidedAt: string | null;
}

export interface TimerSeen {
  kind: string;
  dueAt: string;
  attempts: number;
}

// bigint columns come as strings from PostgreSQL and as numbers from PGlite: compared as numbers.
const BIGINTS = new Set(['id', 'total_amount', 'partner_amount', 'platform_amount', 'refund_amount', 'gateway_order_id']);
const plain = (column: string, v: unknown) =>
  v instanceof Date ? v.toISOString() : BIGINTS.has(column) && v !== null ? Number(v) : v;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The order's world now; `watched`: the operators whose offers and orders are looked at too. */
export async function worldOf(sql: Sql, orderId: number, watched: readonly string[]): Promise<World> {
  const { rows: orders } = await sql.query<Record<string, unknown>>('select * from orders where id = $1', [orderId]);
  const order = Object.fromEntries(Object.entries(orders[0]!).map(([k, v]) => [k, plain(k, v)]));
  const { rows: events } = await sql.query<Record<string, unknown>>(
    'select seq, type, at, status, pending_status, actor, actor_id, reason from order_events where order_id = $1 order by seq',
    [orderId],
  );
  const { rows: offers } = await sql.query<Record<string, unknown>>(
    `select order_id, operator_id, expires_at, outcome, decided_at from order_offers
      where order_id = $1 or operator_id = any($2::text[]) order by order_id, operator_id`,
    [orderId, watched],
  );
  const { rows: timers } = await sql.query<Record<string, unknown>>(
    'select kind, due_at, attempts from order_timers where order_id = $1 order by kind',
    [orderId],
  );
  const { rows: operators } = await sql.query<{ id: string; current_order_id: unknown; latitude: number; longitude: number }>(
    'select id, current_order_id, latitude, longitude from operators where id = any($1::text[]) order by id',
    [watched],
  );
  return {
    order,
    events: events.map((e) => ({
      seq: e.seq as number,
      type: e.type as string,
      at: iso(e.at)!,
      status: e.status as string,
      pendingStatus: e.pending_status as string | null,
      actor: e.actor as string,
      actorId: e.actor_id as string | null,
      reason: e.reason as string | null,
    })),
    offers: offers.map((o) => ({
      orderId: Number(o.order_id),
      operatorId: o.operator_id as string,
      expiresAt: iso(o.expires_at)!,
      outcome: o.outcome as string | null,
      decidedAt: iso(o.decided_at),
    })),
    timers: timers.map((t) => ({ kind: t.kind as string, dueAt: iso(t.due_at)!, attempts: t.attempts as number })),
    operators: operators.map((o) => ({
      id: o.id,
      currentOrderId: o.current_order_id === null ? null : Number(o.current_order_id),
      position: { latitude: o.latitude, longitude: o.longitude },
    })),
  };
}
