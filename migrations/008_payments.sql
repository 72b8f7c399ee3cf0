-- Following an order's payment, and where its estimate came from.

-- How distance and duration were estimated: by road (a routing provider answered every leg) or
-- by the great circle. Orders made before routing providers were all estimated by the latter.
alter table orders add column estimate_source text not null default 'great_circle'
  check (estimate_source in ('road', 'great_circle'));
-- The payment provider's own id of the link (a Mercado Pago preference), so that any instance
-- can void it without searching; null for providers that key links by our reference.
alter table orders add column payment_link_id text;
-- When the link stops being payable; null: never.
alter table orders add column payment_expires_at timestamptz;
alter table orders add column payment_status text not null default 'pending'
  check (payment_status in ('pending', 'paid', 'expired'));

-- The sweep that cancels unpaid orders past their expiry reads only the orders still waiting.
create index orders_payment_expiry_idx on orders (payment_expires_at)
  where pending_status = 'pending_payment' and payment_expires_at is not null;

-- Verified payment notifications, kept until the payment each names is read back and applied.
-- One row per provider and payment: a repeat makes it due again rather than adding another.
create table payment_notifications (
  id bigint generated always as identity primary key,
  provider text not null,
  payment_id text not null,
  received_at timestamptz not null,
  -- When it is to be processed next; null once done.
  due_at timestamptz,
  -- Times received: one received while it is processed keeps it due.
  deliveries integer not null default 1,
  attempts integer not null default 0,
  outcome text,
  unique (provider, payment_id)
);

create index payment_notifications_due_idx on payment_notifications (due_at) where due_at is not null;

-- The sandbox provider's links that were paid or voided; a link without a row is open. Its
-- amount and expiry are its order's, so that making a link writes nothing.
create table sandbox_payment_links (
  reference uuid primary key,
  state text not null check (state in ('paid', 'cancelled')),
  payment_id uuid unique,
  changed_at timestamptz not null
);
