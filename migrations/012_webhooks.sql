-- Webhooks: the endpoints integrators register, the deliveries of order events to them, and each
-- try of those. Deliveries are made from the order_events outbox by a fan-out that follows it.

create table webhook_endpoints (
  id bigint generated always as identity primary key,
  owner_subject text not null,
  url text not null,
  -- The webhook types it receives; null: all of them, those added later included.
  events text[],
  -- `whsec_` + base64 of the signing key; after a rotation the previous one also signs, until
  -- previous_secret_until, so that receivers can change keys without missing a delivery.
  secret text not null,
  previous_secret text,
  previous_secret_until timestamptz,
  created_at timestamptz not null,
  -- Deleted endpoints are kept for their deliveries' history, and get no new ones.
  deleted_at timestamptz
);

create index webhook_endpoints_owner_idx on webhook_endpoints (owner_subject) where deleted_at is null;

create table webhook_deliveries (
  id bigint generated always as identity primary key,
  endpoint_id bigint not null references webhook_endpoints (id),
  event_id bigint not null references order_events (id),
  -- The event's order, to keep one order's deliveries to an endpoint in their order.
  order_id bigint not null,
  -- The `webhook-id` header: fixed when the delivery is made, the same on every try and replay.
  webhook_id text not null unique,
  type text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  -- Failed tries since it was made or last replayed.
  attempts integer not null default 0,
  -- While pending: when it is due. A claim moves it past the try's deadline (a lease), so that
  -- a try cut short by a crash is made again once the lease runs out.
  next_attempt_at timestamptz not null,
  -- The claim under way; what a try records is dropped when the lease is no longer its own.
  lease uuid,
  last_status integer,
  last_error text,
  created_at timestamptz not null,
  delivered_at timestamptz,
  unique (endpoint_id, event_id)
);

create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_queue_idx on webhook_deliveries (endpoint_id, order_id, event_id) where status = 'pending';
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id);

create table webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references webhook_deliveries (id),
  at timestamptz not null,
  -- The receiver's HTTP status; null when there was no answer (then `error` says why).
  response_status integer,
  error text,
  duration_ms integer not null
);

create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id);

-- How far the fan-out has read order_events, one row. An event id is taken when its insert runs
-- and seen when its transaction commits, so a lower id can appear after a higher one: every id
-- up to `through_id` has been read (or given up as rolled back), every id up to `seen_id` except
-- the gaps below has been read.
create table webhook_fanout (
  one boolean primary key default true check (one),
  through_id bigint not null,
  seen_id bigint not null
);

-- Ids between through_id and seen_id not yet seen, and since when: waited for a while, then
-- taken for a transaction that rolled back.
create table webhook_fanout_gaps (
  event_id bigint primary key,
  since timestamptz not null
);

-- The history before webhooks existed is not sent: no endpoint was there to receive it.
insert into webhook_fanout (through_id, seen_id)
  select coalesce(max(id), 0), coalesce(max(id), 0) from order_events;
