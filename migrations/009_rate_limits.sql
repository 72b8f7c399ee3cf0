-- Each client's allowance of requests, shared by every instance on this database when REDIS_URL
-- is not set: rate-limiter-flexible's own table for PostgreSQL (key, points taken, expiry in ms).
create table if not exists rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
