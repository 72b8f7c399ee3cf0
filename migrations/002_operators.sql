-- The roster of operators (tow trucks and mobile mechanics) that orders are dispatched to.
create table operators (
  id text primary key,
  name text not null,
  phone text not null,
  services smallint[] not null,
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  on_duty boolean not null default true,
  updated_at timestamptz not null default now()
);
