import type { ExpiredLink, MarkPaidOutcome, OrderPayments } from '../core/payments/ports.js';
import { UUID } from './binary-arrays.js';
import type { Sql } from './sql.js';

// The first transition of an order's lifecycle, in one statement: only an order still waiting
// for its payment, of the payment's amount and currency, moves; anything else is left as it is,
// so a repeat, or the same payment applied by two instances at once, changes nothing.
const MARK_PAID = `update orders
  set pending_status = 'pending_partner', payment_status = 'paid', updated_at = $2
  where payment_reference = $1 and status = 'pending' and pending_status = 'pending_payment'
    and total_amount = $3 and currency = $4
  returning id`;

// Cancelled together with the link's expiry marked; `skip locked` lets instances sweeping at
// the same time take different orders, and none waits for an order being paid.
const EXPIRE_UNPAID = `update orders
  set status = 'cancelled', pending_status = null, payment_status = 'expired', updated_at = $2
  where id in (
    select id from orders
    where pending_status = 'pending_payment' and payment_expires_at is not null and payment_expires_at < $1
    order by payment_expires_at
    limit $3
    for update skip locked)
  returning payment_reference, payment_link_id`;

interface PaymentRow {
  status: string;
  payment_status: string;
  total_amount: string | number;
  currency: string;
}

export function createOrderPaymentsStore(sql: Sql): OrderPayments {
  return {
    async markPaid(reference, { amount, currency }, now): Promise<MarkPaidOutcome> {
      // References are UUIDs: a payment made elsewhere, naming something else, has no order here.
      if (!UUID.test(reference)) return 'no_order';
      if (amount !== null && currency !== null) {
        const { rows } = await sql.query(MARK_PAID, [reference, now.toISOString(), amount, currency]);
        if (rows.length) return 'applied';
      }
      const { rows } = await sql.query<PaymentRow>(
        'select status, payment_status, total_amount, currency from orders where payment_reference = $1',
        [reference],
      );
      const order = rows[0];
      if (!order) return 'no_order';
      if (order.payment_status === 'paid') return 'already_paid';
      if (order.status !== 'pending' || order.payment_status !== 'pending') return 'not_payable';
      return 'amount_mismatch';
    },

    async expireUnpaid(before, now, limit): Promise<ExpiredLink[]> {
      const { rows } = await sql.query<{ payment_reference: string; payment_link_id: string | null }>(EXPIRE_UNPAID, [
        before.toISOString(),
        now.toISOString(),
        limit,
      ]);
      return rows.map((r) => ({ reference: r.payment_reference, linkId: r.payment_link_id }));
    },
  };
}
