-- No query reads orders by owner and id range: an order is found by its id (its primary key) and
-- then checked against the caller, or by its payment reference. The index cost every insert an
-- extra index entry and its WAL.
drop index if exists orders_owner_idx;
