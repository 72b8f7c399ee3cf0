import { PAYMENT } from '../../orders/domain/actors.js';
import type { DueRefund, RefundStore } from '../domain/refunds.js';
import { writeEvent } from '../../orders/store/order-changes.js';
import type { OnCommitted } from '../../orders/domain/event-notes.js';
import type { Sql } from '../../platform/store/sql.js';

export function createRefundStore(sql: Sql, onCommitted: OnCommitted = () => {}): RefundStore {
  return {
    async due(orderId) {
      const { rows } = await sql.query<{
        payment_reference: string;
        provider_payment_id: string | null;
        refund_amount: string | number;
        currency: string;
      }>(
        `select payment_reference, provider_payment_id, refund_amount, currency from orders
          where id = $1 and payment_status = 'refund_pending'`,
        [orderId],
      );
      const r = rows[0];
      if (!r) return null;
      return {
        orderId,
        reference: r.payment_reference,
        providerPaymentId: r.provider_payment_id,
        amount: Number(r.refund_amount),
        currency: r.currency,
      } satisfies DueRefund;
    },

    // Refunded once: only a refund still pending becomes refunded, with its event, and its timer goes.
    async markRefunded(orderId, at) {
      const seq = await sql.transaction(async (tx) => {
        const { rows } = await tx.query<{ version: number; status: string; pending_status: string | null }>(
          `update orders set payment_status = 'refunded', version = version + 1, updated_at = $2
            where id = $1 and payment_status = 'refund_pending' returning version, status, pending_status`,
          [orderId, at.toISOString()],
        );
        await tx.query(`delete from order_timers where order_id = $1 and kind = 'refund'`, [orderId]);
        const row = rows[0];
        if (!row) return null;
        await writeEvent(tx, {
          orderId,
          seq: row.version,
          type: 'refunded',
          at,
          status: row.status,
          pendingStatus: row.pending_status,
          actor: PAYMENT,
          reason: null,
          traceparent: null,
        });
        return row.version;
      });
      if (seq === null) return false;
      onCommitted([{ orderId, seq, type: 'refunded' }]);
      return true;
    },
  };
}
