import type { OperatorDraft } from '../domain/input.js';
import type { OperatorPlacement, OperatorStore } from '../domain/ports.js';
import type { Operator } from '../domain/operator.js';
import type { Point, ServiceCode } from '../../orders/domain/order.js';
import { encodeArrays } from '../../platform/store/binary-arrays.js';
import { groupCommit } from '../../platform/store/group-commit.js';
import type { Sql } from '../../platform/store/sql.js';

interface OperatorRow {
  id: string;
  name: string;
  phone: string;
  services: number[];
  latitude: number;
  longitude: number;
  on_duty: boolean;
  updated_at: Date | string;
}

const fromRow = (r: OperatorRow): Operator => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  services: r.services as ServiceCode[],
  position: { latitude: r.latitude, longitude: r.longitude },
  onDuty: r.on_duty,
  updatedAt: new Date(r.updated_at),
});

const toRecord = (d: OperatorDraft) => ({
  id: d.id,
  name: d.name,
  phone: d.phone,
  services: d.services,
  latitude: d.position.latitude,
  longitude: d.position.longitude,
  on_duty: d.onDuty,
});

// A batch travels as one JSON parameter: each operator's services are an array of their own,
// which the one-dimensional arrays that orders and moves travel in do not carry. Known operators
// are updated and the others inserted, in one statement; an on_duty left null keeps the stored
// value, and a new operator starts on duty. `on conflict do nothing` covers an insert racing ours on PostgreSQL: that row is missing
// from the answer and is written again, now as an update.
const UPSERT = `with input as (
    select * from json_to_recordset($1::json) as r(id text, name text, phone text, services smallint[],
      latitude double precision, longitude double precision, on_duty boolean)
  ), updated as (
    update operators o set name = i.name, phone = i.phone, services = i.services, latitude = i.latitude,
      longitude = i.longitude, on_duty = coalesce(i.on_duty, o.on_duty), updated_at = $2::timestamptz
    from input i where o.id = i.id
    returning o.*
  ), inserted as (
    insert into operators (id, name, phone, services, latitude, longitude, on_duty, updated_at)
    select id, name, phone, services, latitude, longitude, coalesce(on_duty, true), $2::timestamptz
    from input where id not in (select id from updated)
    on conflict (id) do nothing
    returning *
  )
  select * from updated union all select * from inserted`;

// Operators' apps send positions all day; those arriving together are written together, in one
// statement and one transaction (see group-commit.ts), as orders are, and travel as they do: one
// array per column, in binary (see binary-arrays.ts).
const MOVE_MANY = `update operators o set latitude = m.latitude, longitude = m.longitude, updated_at = m.updated_at
  from unnest($1::text[], $2::float8[], $3::float8[], $4::timestamptz[]) as m(id, latitude, longitude, updated_at)
  where o.id = m.id
  returning o.*`;
const MAX_MOVES_PER_BATCH = 512;

interface Move {
  id: string;
  position: Point;
  now: Date;
}

// Pages of the roster for the index, as one array per column: far faster to fetch than one object
// per row, and a fixed size keeps the engine's memory for a result small.
const PLACEMENT_PAGE = `select array_agg(id order by id) as ids,
    array_agg(latitude order by id) as latitudes, array_agg(longitude order by id) as longitudes,
    array_agg(array_to_string(services, '') order by id) as services, array_agg(on_duty order by id) as on_duty
  from (select * from operators where id > $1 order by id limit $2) as page`;
const PAGE_SIZE = 5_000;

interface PlacementPage {
  ids: string[] | null;
  latitudes: number[];
  longitudes: number[];
  services: string[];
  on_duty: boolean[];
}

export function createOperatorStore(sql: Sql, { onBatch }: { onBatch?: (size: number) => void } = {}) {
  const one = async (text: string, params: unknown[]): Promise<Operator | null> => {
    const { rows } = await sql.query<OperatorRow>(text, params);
    return rows[0] ? fromRow(rows[0]) : null;
  };

  async function upsertMany(drafts: readonly OperatorDraft[], now: Date): Promise<Operator[]> {
    if (drafts.length === 0) return [];
    const written = await sql.transaction(async (tx) => {
      const first = await tx.query<OperatorRow>(UPSERT, [JSON.stringify(drafts.map(toRecord)), now.toISOString()]);
      if (first.rows.length === drafts.length) return first.rows;
      const done = new Set(first.rows.map((r) => r.id));
      const again = drafts.filter((d) => !done.has(d.id)).map(toRecord);
      return [...first.rows, ...(await tx.query<OperatorRow>(UPSERT, [JSON.stringify(again), now.toISOString()])).rows];
    });
    return written.map(fromRow);
  }

  const moveMany = groupCommit(async (moves: Move[]): Promise<(Operator | null)[]> => {
    // The last position of an operator named twice in a batch is the one written. Rows are
    // updated in id order, so that batches of several instances lock them in one order.
    const latest = [...new Map(moves.map((m) => [m.id, m])).values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const columns = encodeArrays([
      { type: 'text', values: latest.map((m) => m.id) },
      { type: 'float8', values: latest.map((m) => m.position.latitude) },
      { type: 'float8', values: latest.map((m) => m.position.longitude) },
      { type: 'timestamptz', values: latest.map((m) => m.now) },
    ]);
    const { rows } = await sql.query<OperatorRow>(MOVE_MANY, columns);
    const stored = new Map(rows.map((r) => [r.id, fromRow(r)]));
    return moves.map((m) => stored.get(m.id) ?? null);
  }, { maxBatch: MAX_MOVES_PER_BATCH, next: 'at once', onBatch });

  return {
    upsertMany,

    move: (id: string, position: Point, now: Date) => moveMany({ id, position, now }),

    setDuty: (id: string, onDuty: boolean, now: Date) =>
      one('update operators set on_duty = $2, updated_at = $3 where id = $1 returning *', [id, onDuty, now.toISOString()]),

    async remove(id: string): Promise<boolean> {
      const { rows } = await sql.query<{ id: string }>('delete from operators where id = $1 returning id', [id]);
      return rows.length > 0;
    },

    findById: (id: string) => one('select * from operators where id = $1', [id]),

    async findMany(ids: readonly string[]): Promise<Operator[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql.query<OperatorRow>('select * from operators where id = any($1::text[])', [ids]);
      return rows.map(fromRow);
    },

    async count(): Promise<number> {
      const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from operators');
      return rows[0]?.n ?? 0;
    },

    /** Every operator as dispatch needs it, a page at a time, in id order. */
    async *placements(pageSize = PAGE_SIZE): AsyncGenerator<OperatorPlacement[]> {
      let after = '';
      for (;;) {
        const { rows } = await sql.query<PlacementPage>(PLACEMENT_PAGE, [after, pageSize]);
        const page = rows[0];
        if (!page?.ids?.length) return;
        yield page.ids.map((id, i) => ({
          id,
          position: { latitude: page.latitudes[i]!, longitude: page.longitudes[i]! },
          services: Array.from(page.services[i]!, Number) as ServiceCode[],
          onDuty: page.on_duty[i]!,
        }));
        after = page.ids[page.ids.length - 1]!;
      }
    },
  } satisfies OperatorStore & Record<string, unknown>;
}

export type SqlOperatorStore = ReturnType<typeof createOperatorStore>;
