-- An order shows its partner where the operator last reported it was while the operator is on the
-- order. Once the order lets it go (it finished, or was cancelled), the order keeps the position
-- it had then, here, and shows that: the owner of an old order, or anyone holding its tracking
-- link, must not follow the operator on to its next jobs.
alter table orders add column partner_last_latitude double precision;
alter table orders add column partner_last_longitude double precision;

-- The orders already let go keep the position their operator has now: the nearest known to it.
update orders o set partner_last_latitude = p.latitude, partner_last_longitude = p.longitude
  from operators p
  where p.id = o.partner_id and p.current_order_id is distinct from o.id;
