-- Gateway mode (ORDERS_UPSTREAM_URL): orders made by the legacy order service, kept with their
-- owner so that order(id) answers them to that owner alone. The id is the legacy's. The body is
-- the legacy's answer as received, as text: jsonb would reorder its keys and respell its numbers.
create table gateway_orders (
  id bigint primary key,
  owner_subject text not null,
  body text not null,
  created_at timestamptz not null
);

-- A key claimed in gateway mode is bound to its legacy order by the statement that keeps it.
-- outcome_unknown: its legacy call may have made an order that was never received (a deadline, a
-- connection cut after sending, a 5xx); such a key is refused for good rather than called again.
alter table idempotency_keys
  add column gateway_order_id bigint references gateway_orders (id),
  add column outcome_unknown boolean not null default false;
