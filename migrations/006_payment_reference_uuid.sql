-- Payment references are UUIDs, made by the service. Stored as uuid, each takes 16 bytes instead
-- of 37 in the row and in its unique index, and is compared as a number: less of the embedded
-- engine's time to store a batch of orders (docs/performance.md). The table is rewritten once, under lock.
alter table orders alter column payment_reference type uuid using payment_reference::uuid;
