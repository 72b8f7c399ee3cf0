import type { GatewayOrderRecord, GatewayOrderStore } from '../domain/ports.js';
import { encodeArrays } from '../../platform/store/binary-arrays.js';
import { groupCommit } from '../../platform/store/group-commit.js';
import type { Sql } from '../../platform/store/sql.js';

// Orders arriving together are kept together, one array per column (see order-store.ts and
// group-commit.ts). The key of each, if any, is bound to it by the same statement, so that a kept
// order and its key cannot part; a key is bound only to an order this statement kept.
const INSERT = `with inserted as (
    insert into gateway_orders (id, owner_subject, body, created_at)
    select unnest($1::int8[]), unnest($2::text[]), unnest($3::text[]), unnest($4::timestamptz[])
    returning id, owner_subject),
  bound as (
    update idempotency_keys k set gateway_order_id = i.id
    from inserted i
      join unnest($1::int8[], $5::text[]) as r(id, idempotency_key) on r.id = i.id
    where k.owner_subject = i.owner_subject and k.key = r.idempotency_key)
  select id from inserted`;

const MAX_BATCH = 256;

interface Insert {
  record: GatewayOrderRecord;
  idempotencyKey?: string;
}

interface Row {
  id: string | number;
  owner_subject: string;
  body: string;
  created_at: Date | string;
}

const SELECT = 'select id, owner_subject, body, created_at from gateway_orders';

const fromRow = (row: Row): GatewayOrderRecord => ({
  id: Number(row.id),
  ownerSubject: row.owner_subject,
  body: row.body,
  createdAt: new Date(row.created_at),
});

/** The gateway's orders (migrations/007_gateway_orders.sql), on either engine. */
export function createGatewayOrderStore(sql: Sql): GatewayOrderStore {
  const write = groupCommit(
    async (inserts: Insert[]): Promise<true[]> => {
      const params = encodeArrays([
        { type: 'int8', values: inserts.map((i) => i.record.id) },
        { type: 'text', values: inserts.map((i) => i.record.ownerSubject) },
        { type: 'text', values: inserts.map((i) => i.record.body) },
        { type: 'timestamptz', values: inserts.map((i) => i.record.createdAt) },
        { type: 'text', values: inserts.map((i) => i.idempotencyKey ?? null) },
      ]);
      await sql.query(INSERT, params);
      return inserts.map(() => true);
    },
    { maxBatch: MAX_BATCH, next: 'end of turn' },
  );

  return {
    async insert(record, idempotencyKey) {
      await write({ record, idempotencyKey });
    },
    async findById(id, ownerSubject) {
      const { rows } = await sql.query<Row>(`${SELECT} where id = $1 and owner_subject = $2`, [id, ownerSubject]);
      return rows[0] ? fromRow(rows[0]) : null;
    },
    // Along the index on (owner_subject, id) (migrations/011).
    async listByOwner(ownerSubject, { before, limit }) {
      const { rows } = before === undefined
        ? await sql.query<Row>(`${SELECT} where owner_subject = $1 order by id desc limit $2`, [ownerSubject, limit])
        : await sql.query<Row>(`${SELECT} where owner_subject = $1 and id < $2 order by id desc limit $3`, [ownerSubject, before, limit]);
      return rows.map(fromRow);
    },
  };
}
