import type { ServiceCode } from '../../orders/domain/order.js';
import type { SandboxLinks, SandboxLinkState, SandboxRefund, SandboxRefundOutcome } from '../providers/sandbox-links.js';
import { UUID } from '../../platform/store/binary-arrays.js';
import type { Sql } from '../../platform/store/sql.js';

// A link is its order's (amount, expiry) plus the row written when it was paid or voided: the
// sandbox writes nothing when it makes a link, so it adds nothing to an order's creation.
const FIND = `select o.id, o.service_code, o.total_amount, o.currency, o.payment_expires_at, o.payment_status,
    l.state, l.payment_id, l.refund_key, l.refunded_amount, l.refunded_at
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

const PAYMENT = `select l.reference, o.total_amount, o.currency, l.refunded_amount
  from sandbox_payment_links l join orders o on o.payment_reference = l.reference
  where l.payment_id = $1 and l.state = 'paid'`;

// Refunded once: a paid link not refunded yet, in its order's currency, up to what was paid. Two
// refunds at once are one: the second waits for the first's row and then finds it refunded.
const REFUND = `update sandbox_payment_links l set refunded_amount = $2, refund_key = $3, refunded_at = $4
  from orders o
  where l.reference = $1::uuid and o.payment_reference = l.reference and l.state = 'paid' and l.refund_key is null
    and ($5::uuid is null or l.payment_id = $5::uuid) and o.currency = $6 and $2::bigint <= o.total_amount
  returning 1`;

interface LinkRow {
  id: string | number;
  service_code: number;
  total_amount: string | number;
  currency: string;
  payment_expires_at: Date | string | null;
  payment_status: string;
  state: 'paid' | 'cancelled' | null;
  payment_id: string | null;
  refund_key: string | null;
  refunded_amount: string | number | null;
  refunded_at: Date | string | null;
}

/** Why a refund that was not made now was not: a repeat of one made before, or a refusal. */
function notMade(row: LinkRow | undefined, refund: SandboxRefund): SandboxRefundOutcome {
  if (!row || row.state !== 'paid') return 'not_paid';
  if (row.refund_key === refund.key) return Number(row.refunded_amount) === refund.amount ? 'repeat' : 'key_reused';
  if (row.refund_key !== null) return 'refunded_already';
  if (refund.paymentId !== null && row.payment_id !== refund.paymentId.toLowerCase()) return 'other_payment';
  if (row.currency !== refund.currency) return 'other_currency';
  if (refund.amount > Number(row.total_amount)) return 'over_paid';
  throw new Error(`the refund of ${refund.key} was neither made nor refused`);
}

export function createSandboxLinkStore(sql: Sql): SandboxLinks {
  const row = async (reference: string) => (await sql.query<LinkRow>(FIND, [reference])).rows[0];
  return {
    async find(reference, now) {
      if (!UUID.test(reference)) return null;
      const found = await row(reference);
      if (!found) return null;
      const expiresAt = found.payment_expires_at === null ? null : new Date(found.payment_expires_at);
      const lapsed = found.payment_status === 'expired' || (expiresAt !== null && expiresAt <= now);
      const refund = found.refunded_at === null ? null : { amount: Number(found.refunded_amount), at: new Date(found.refunded_at) };
      // A paid link stays paid (or refunded); one past its expiry reads as expired, voided by the sweep or not.
      const paid: SandboxLinkState = refund ? 'refunded' : 'paid';
      const state: SandboxLinkState = found.state === 'paid' ? paid : lapsed ? 'expired' : (found.state ?? 'open');
      return {
        reference: reference.toLowerCase(),
        orderId: Number(found.id),
        serviceCode: found.service_code as ServiceCode,
        amount: Number(found.total_amount),
        currency: found.currency,
        expiresAt,
        state,
        refund,
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
      type PaymentRow = { reference: string; total_amount: string | number; currency: string; refunded_amount: string | number | null };
      const found = (await sql.query<PaymentRow>(PAYMENT, [paymentId])).rows[0];
      if (!found) return null;
      return { paymentId, reference: found.reference, amount: Number(found.total_amount), currency: found.currency, refunded: Number(found.refunded_amount ?? 0) };
    },
    async refund(reference, refund, now) {
      if (!UUID.test(reference)) return 'not_paid';
      if (refund.paymentId !== null && !UUID.test(refund.paymentId)) return 'other_payment';
      const params = [reference, refund.amount, refund.key, now.toISOString(), refund.paymentId, refund.currency];
      if ((await sql.query(REFUND, params)).rows.length > 0) return 'refunded';
      return notMade(await row(reference), refund);
    },
  };
}
