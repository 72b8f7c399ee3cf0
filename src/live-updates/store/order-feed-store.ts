import type { OrderFeed } from '../domain/order-updates.js';
import { PARTNER_MOVED } from '../../orders/domain/order.js';
import { UUID } from '../../platform/store/binary-arrays.js';
import { fromRow as orderFromRow, SELECT_ORDERS, type OrderRow } from '../../orders/store/order-rows.js';
import { BY_UNIQUE_KEY, type Sql } from '../../platform/store/sql.js';

// The order with its version and, past a version, the types of its later events: one statement,
// so that the version and the types agree.
// By its key, planned once (see BY_UNIQUE_KEY): every change of a watched order reads it.
const READ = `${SELECT_ORDERS.replace(
  'select o.*,',
  `select o.*, case when $2 > 0 then
    array(select e.type from order_events e where e.order_id = o.id and e.seq > $2 order by e.seq) end as types_since,`,
)} where o.id = $1`;

// The timeline leaves the operator's moves out: they are many, and the map shows them.
const HISTORY = `select at, type, status, pending_status from order_events
  where order_id = $1 and type <> '${PARTNER_MOVED}' order by seq`;

type FeedRow = OrderRow & { version: number; types_since: string[] | null };

/** What live updates read of orders (see core/events/order-updates.ts). */
export function createOrderFeedStore(sql: Sql): OrderFeed {
  async function read(orderId: number, afterVersion: number) {
    const { rows } = await sql.query<FeedRow>(READ, [orderId, afterVersion], BY_UNIQUE_KEY);
    const row = rows[0];
    return row ? { order: orderFromRow(row), version: row.version, typesSince: row.types_since ?? [] } : null;
  }

  return {
    read,

    async orderIdOf(reference) {
      // References are UUIDs: anything else names no order.
      if (!UUID.test(reference)) return null;
      const { rows } = await sql.query<{ id: string | number }>('select id from orders where payment_reference = $1', [reference], BY_UNIQUE_KEY);
      return rows[0] ? Number(rows[0].id) : null;
    },

    async tracking(orderId, afterVersion) {
      const found = await read(orderId, afterVersion);
      if (!found) return null;
      const { order } = found;
      // The operator comes with the order (its partner): live while on it, as the order kept it after.
      const history = await sql.query<{ at: Date | string; type: string; status: string; pending_status: string | null }>(HISTORY, [orderId]);
      return {
        version: found.version,
        typesSince: found.typesSince,
        source: {
          order,
          history: history.rows.map((e) => ({ at: new Date(e.at), type: e.type, status: e.status, pendingStatus: e.pending_status })),
        },
      };
    },
  };
}
