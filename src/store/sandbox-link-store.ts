import type { ServiceCode } from '../core/orders/order.js';
import type { SandboxLinks, SandboxLinkState } from '../payments/sandbox-links.js';
import { UUID } from './binary-arrays.js';
import type { Sql } from './sql.js';

// A link is its order's (amount, expiry) plus the row written when it was paid or voided: the
// sandbox writes nothing when it makes a link, so it adds nothing to an order's creation.
const FIND = `select o.id, o.service_code, o.total_amount, o.currency, o.payment_expires_at, o.payment_status,
    l.state
  from orders o left join sandbox_payment_links l on l.reference = o.payment_reference
  where o.payment_reference = $1`;

// Paid only while open: no row yet, its order waiting for the payment and not past its expiry.
const PAY = `insert into sandbox_payment_links (reference, state, payment_id, changed_at)
  select $1::uuid, 'paid', $2::uuid, $3::timestamptz
  where exists (select 1 from orders where payment_reference = $1::uuid and payment_status = 'pending'
    and (payment_expires_at is null or payment_expires_at > $3::timestamptz))
  on conflict (reference) do nothing
  returning 1`;

const CANCEL = `insert into sandbox_payment_links (reference, state, changed_at) values ($1, 'cancelled', $2)
  on conflict (reference) do nothing
  returning 1`;

const PAYMENT = `select l.reference, o.total_amount, o.currency
  from sandbox_payment_links l join orders o on o.payment_reference = l.reference
  where l.payment_id = $1 and l.state = 'paid'`;

interface LinkRow {
  id: string | number;
  service_code: number;
  total_amount: string | number;
  currency: string;
  payment_expires_at: Date | string | null;
  payment_status: string;
  state: 'paid' | 'cancelled' | null;
}

export function createSandboxLinkStore(sql: Sql): SandboxLinks {
  return {
    async find(reference, now) {
      if (!UUID.test(reference)) return null;
      const { rows } = await sql.query<LinkRow>(FIND, [reference]);
      const row = rows[0];
      if (!row) return null;
      const expiresAt = row.payment_expires_at === null ? null : new Date(row.payment_expires_at);
      const lapsed = row.payment_status === 'expired' || (expiresAt !== null && expiresAt <= now);
      // A paid link stays paid; one past its expiry reads as expired, voided by the sweep or not.
      const state: SandboxLinkState = row.state === 'paid' ? 'paid' : lapsed ? 'expired' : (row.state ?? 'open');
      return {
        reference: reference.toLowerCase(),
        orderId: Number(row.id),
        serviceCode: row.service_code as ServiceCode,
        amount: Number(row.total_amount),
        currency: row.currency,
        expiresAt,
        state,
      };
    },
    async markPaid(reference, paymentId, now) {
      if (!UUID.test(reference)) return false;
      return (await sql.query(PAY, [reference, paymentId, now.toISOString()])).rows.length > 0;
    },
    async markCancelled(reference, now) {
      if (!UUID.test(reference)) return false;
      return (await sql.query(CANCEL, [reference, now.toISOString()])).rows.length > 0;
    },
    async payment(paymentId) {
      if (!UUID.test(paymentId)) return null;
      const { rows } = await sql.query<{ reference: string; total_amount: string | number; currency: string }>(PAYMENT, [paymentId]);
      const row = rows[0];
      return row ? { paymentId, reference: row.reference, amount: Number(row.total_amount), currency: row.currency } : null;
    },
  };
}
