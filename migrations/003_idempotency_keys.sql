-- Idempotency-Key of create-order requests, per token subject. A key is claimed before the order
-- is made and bound to it by the same statement that stores the order, so a stored order and its
-- key cannot part. Keys are kept at least IDEMPOTENCY_KEY_TTL_HOURS.
create table idempotency_keys (
  owner_subject text not null,
  key text not null,
  fingerprint text not null,
  order_id bigint references orders (id),
  claimed_at timestamptz not null,
  primary key (owner_subject, key)
);

create index idempotency_keys_claimed_at_idx on idempotency_keys (claimed_at);
