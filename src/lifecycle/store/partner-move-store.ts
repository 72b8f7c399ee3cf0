import { PARTNER_MOVED } from '../../orders/domain/order.js';
import { stepOf, WITH_OPERATOR, type Step } from '../domain/steps.js';
import type { PartnerMoveStore } from '../domain/partner-moves.js';
import type { OnCommitted } from '../../orders/domain/event-notes.js';
import { writeEvent } from '../../orders/store/order-changes.js';
import type { Sql } from '../../platform/store/sql.js';

// Only while the operator is still on the order, and the order still with an operator: at one of
// the steps WITH_OPERATOR ($6), each a pending one.
const RECORD = `update orders set version = version + 1, updated_at = $3,
    partner_distance_m = coalesce($4, partner_distance_m), partner_duration_s = coalesce($5, partner_duration_s)
  where id = $1 and partner_id = $2 and status = 'pending' and pending_status = any($6::text[])
  returning version, status, pending_status`;

export function createPartnerMoveStore(sql: Sql, onCommitted: OnCommitted = () => {}): PartnerMoveStore {
  return {
    async currentOrderOf(operatorId) {
      const { rows } = await sql.query<{ id: string | number; status: string; pending_status: string | null; origin_latitude: number; origin_longitude: number }>(
        `select o.id, o.status, o.pending_status, o.origin_latitude, o.origin_longitude
          from operators p join orders o on o.id = p.current_order_id where p.id = $1`,
        [operatorId],
      );
      const r = rows[0];
      if (!r) return null;
      const step: Step = stepOf({ status: r.status as never, pendingStatus: r.pending_status as never });
      return { orderId: Number(r.id), step, origin: { latitude: r.origin_latitude, longitude: r.origin_longitude } };
    },

    async record(orderId, operatorId, approach, at) {
      const seq = await sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ version: number; status: string; pending_status: string | null }>(RECORD, [
          orderId,
          operatorId,
          at.toISOString(),
          approach?.distanceMetres ?? null,
          approach?.durationSeconds ?? null,
          WITH_OPERATOR,
        ]);
        const row = rows[0];
        if (!row) return null;
        await writeEvent(tx, {
          orderId,
          seq: row.version,
          type: PARTNER_MOVED,
          at,
          status: row.status,
          pendingStatus: row.pending_status,
          actor: { kind: 'operator', id: operatorId },
          reason: null,
          traceparent: null,
        });
        return row.version;
      });
      if (seq !== null) onCommitted([{ orderId, seq, type: PARTNER_MOVED }]);
      return seq;
    },
  };
}
