-- The order's life after its payment: offers to operators, progress, cancellation with refund,
-- closing; and the outbox of its events, which is also its history.

-- Each change of an order raises its version by one; the change's event carries that number
-- (its `seq`), so an order's events are numbered 1, 2, 3… without gaps.
alter table orders add column version integer not null default 1;
-- Where a paused order was, to resume it exactly there.
alter table orders add column paused_pending_status text
  check (paused_pending_status in ('pending_partner', 'partner_start_order', 'partner_going_to_origin',
    'partner_in_origin', 'partner_going_to_destination'));
-- The payment provider's own id of the payment that paid the order: what a refund names.
alter table orders add column provider_payment_id text;
-- The refund of a cancelled paid order: its amount (minor units), while pending and once made.
alter table orders add column refund_amount bigint check (refund_amount >= 0);
alter table orders drop constraint orders_payment_status_check;
alter table orders add constraint orders_payment_status_check
  check (payment_status in ('pending', 'paid', 'expired', 'refund_pending', 'refunded'));

-- An operator is busy with at most one order: set when it takes one, cleared when that order
-- finishes or is cancelled. A conditional write on it keeps one operator off two orders.
alter table operators add column current_order_id bigint;

-- Every change of every order, in the transaction that made it: the order's history (oldest
-- first, by seq) and the outbox that subscriptions and webhooks are fed from. `id` orders all
-- events across orders, for the readers that follow the whole stream.
create table order_events (
  id bigint generated always as identity primary key,
  -- No foreign key: orders are never deleted, and the check would lock the order's row once more
  -- for every event, the creation's in the order's own insert among them.
  order_id bigint not null,
  seq integer not null,
  type text not null,
  at timestamptz not null,
  -- The order's state after the change.
  status text not null,
  pending_status text,
  actor text not null,
  -- The operator, owner or platform subject that made it; null for timers and providers.
  actor_id text,
  reason text,
  -- W3C trace context of the request that made the change, for the spans of what it causes.
  traceparent text,
  unique (order_id, seq)
);

-- Offers of a paid order to operators, one at a time: the nearest eligible operator not yet
-- asked. `outcome` is null while the offer waits.
create table order_offers (
  order_id bigint not null references orders (id),
  operator_id text not null,
  offered_at timestamptz not null,
  expires_at timestamptz not null,
  outcome text check (outcome in ('accepted', 'declined', 'expired', 'withdrawn')),
  decided_at timestamptz,
  primary key (order_id, operator_id)
);

-- At most one open offer per order, and per operator: an operator is asked one thing at a time.
create unique index order_offers_open_order_idx on order_offers (order_id) where outcome is null;
create unique index order_offers_open_operator_idx on order_offers (operator_id) where outcome is null;

-- The service's own timers, kept with the orders so that they survive restarts and run on any
-- instance: `dispatch` (make the next offer, or expire the open one), `give_up` (no taker: cancel),
-- `close` (a finished order closes), `refund` (a refund to make or retry). One per order and kind;
-- taken with `for update skip locked`.
create table order_timers (
  order_id bigint not null references orders (id),
  kind text not null check (kind in ('dispatch', 'give_up', 'close', 'refund')),
  due_at timestamptz not null,
  attempts integer not null default 0,
  primary key (order_id, kind)
);

create index order_timers_due_idx on order_timers (due_at);
