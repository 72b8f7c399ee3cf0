-- Every write to the roster, numbered, so that each instance sharing the database can bring its
-- in-memory index up to date with what the others wrote (src/roster/roster-sync.ts). Written by
-- triggers, whatever wrote the rows: the API, an import, another instance. Kept an hour.
create table operator_changes (
  seq bigint generated always as identity primary key,
  operator_id text not null,
  changed_at timestamptz not null default now()
);

create index operator_changes_changed_at_idx on operator_changes (changed_at);

-- Statement-level, over the rows the statement touched: a batch of moves or an import page logs
-- its rows with one insert.
create function log_operator_changes() returns trigger language plpgsql as $$
begin
  insert into operator_changes (operator_id) select id from changed_rows;
  return null;
end
$$;

create trigger operators_inserted after insert on operators
  referencing new table as changed_rows for each statement execute function log_operator_changes();
create trigger operators_updated after update on operators
  referencing new table as changed_rows for each statement execute function log_operator_changes();
create trigger operators_deleted after delete on operators
  referencing old table as changed_rows for each statement execute function log_operator_changes();
