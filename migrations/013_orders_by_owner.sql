-- Clients now list their own orders, newest first, a page at a time (`orders(first, after)`): read
-- along this index, a page costs its own rows however many orders the owner has. It costs every
-- insert one index entry, which 005 spared while nothing read orders by owner.
create index if not exists orders_owner_idx on orders (owner_subject, id);

-- The same for the orders a gateway keeps, whose ids are the legacy's.
create index if not exists gateway_orders_owner_idx on gateway_orders (owner_subject, id);
