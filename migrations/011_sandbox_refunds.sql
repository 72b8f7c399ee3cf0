-- The sandbox provider's refunds: at most one per paid link, recorded with the caller's
-- idempotency key, so that a retry with the same key finds it made rather than making another.
alter table sandbox_payment_links add column refunded_amount bigint check (refunded_amount > 0);
alter table sandbox_payment_links add column refunded_at timestamptz;
alter table sandbox_payment_links add column refund_key text;
alter table sandbox_payment_links add constraint sandbox_payment_links_refund_check
  check ((refund_key is null) = (refunded_at is null) and (refund_key is null) = (refunded_amount is null)
    and (refund_key is null or state = 'paid'));
