import { ORDER_CHANGE_KINDS, PARTNER_MOVED, type OrderActor, type OrderChange, type OrderChangeKind, type OrderStatus, type PendingStatus } from '../domain/order.js';
import type { OrderHistory } from '../domain/ports.js';
import type { Sql } from '../../platform/store/sql.js';

// An operator's moves while it works an order are events too (for the order's subscribers), but
// they change nothing of the order's state: the history leaves them out. An order stored before
// its events were kept (migrations/010) has no creation event: its creation is read from the
// order itself, as every order was created (pending, pending_payment, by its owner). It is not
// written as an event, which would feed it to the outbox's readers as news.
const HISTORY = `select type, at, status, pending_status, actor, reason from (
    select seq, type, at, status, pending_status, actor, reason from order_events
    where order_id = $1 and type <> '${PARTNER_MOVED}'
    union all
    select 0, 'created', created_at, 'pending', 'pending_payment', 'owner', null from orders o
    where o.id = $1 and not exists (select from order_events e where e.order_id = o.id and e.seq = 1)
  ) changes
  order by seq`;

interface ChangeRow {
  type: string;
  at: Date | string;
  status: OrderStatus;
  pending_status: PendingStatus | null;
  actor: OrderActor;
  reason: string | null;
}

/**
 * A row's kind is its event's type, which every writer of order_events takes from the same names:
 * one that is not a kind is a writer this reader was not told of, and says so rather than guess.
 */
function kindOf(type: string): OrderChangeKind {
  if ((ORDER_CHANGE_KINDS as readonly string[]).includes(type)) return type as OrderChangeKind;
  throw new Error(`order_events holds a type the history does not know: ${type}`);
}

/** An order's history, read from its events (migrations/010_order_life.sql). */
export function createOrderEvents(sql: Sql): OrderHistory {
  return {
    async history(orderId) {
      const { rows } = await sql.query<ChangeRow>(HISTORY, [orderId]);
      return rows.map(
        (r): OrderChange => ({ kind: kindOf(r.type), at: new Date(r.at), status: r.status, pendingStatus: r.pending_status, actor: r.actor, reason: r.reason }),
      );
    },
  };
}
