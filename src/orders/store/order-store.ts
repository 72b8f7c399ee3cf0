import type { NewOrder, Order } from '../domain/order.js';
import { OrderOutcomeUnknownError, StoreUnavailableError } from '../../platform/errors.js';
import type { OrderStore } from '../domain/ports.js';
import { encodeArrays, UUID, type ArrayColumn, type ElementType, type ElementTypes } from '../../platform/store/binary-arrays.js';
import { groupCommit } from '../../platform/store/group-commit.js';
import { storedOrderIds } from './insert-outcome.js';
import { fromRow, SELECT_ORDERS, type OrderRow } from './order-rows.js';
import { BY_UNIQUE_KEY, type Sql } from '../../platform/store/sql.js';
import { StatementOutcomeUnknownError } from '../../platform/store/statement-outcome.js';

// Up to this many orders share one insert. They travel as one array per column, in binary (see
// binary-arrays.ts): the same statement whatever the batch size, and nothing for the engine to
// parse.
const MAX_BATCH = 256;

/** A column of the orders table: its name, its element type on the wire and its value in an order. */
type Column = {
  [T in ElementType]: readonly [name: keyof OrderRow, type: T, value: (o: NewOrder) => ElementTypes[T] | null];
}[ElementType];

const COLUMNS: readonly Column[] = [
  ['owner_subject', 'text', (o) => o.ownerSubject],
  ['status', 'text', (o) => o.status],
  ['pending_status', 'text', (o) => o.pendingStatus],
  ['payment_reference', 'uuid', (o) => o.paymentReference],
  ['payment_url', 'text', (o) => o.paymentUrl],
  ['origin_latitude', 'float8', (o) => o.origin.latitude],
  ['origin_longitude', 'float8', (o) => o.origin.longitude],
  ['destination_latitude', 'float8', (o) => o.destination.latitude],
  ['destination_longitude', 'float8', (o) => o.destination.longitude],
  ['origin_title', 'text', (o) => o.originTitle],
  ['destination_title', 'text', (o) => o.destinationTitle],
  ['service_code', 'int2', (o) => o.serviceCode],
  ['vehicle_identification', 'text', (o) => o.vehicleIdentification],
  ['distance_m', 'int4', (o) => o.distanceMetres],
  ['duration_s', 'int4', (o) => o.durationSeconds],
  ['total_amount', 'int8', (o) => o.amounts.total],
  ['partner_amount', 'int8', (o) => o.amounts.partner],
  ['platform_amount', 'int8', (o) => o.amounts.platform],
  ['currency', 'text', (o) => o.currency],
  ['partner_distance_m', 'int4', (o) => o.partnerDistanceMetres],
  ['partner_duration_s', 'int4', (o) => o.partnerDurationSeconds],
  ['quoted_operator_id', 'text', (o) => o.quotedOperatorId],
  ['client_name', 'text', (o) => o.clientName],
  ['client_phone', 'text', (o) => o.clientPhone],
  ['partner_id', 'text', (o) => o.partnerId],
  ['created_at', 'timestamptz', (o) => o.createdAt],
  ['updated_at', 'timestamptz', (o) => o.updatedAt],
  ['estimate_source', 'text', (o) => o.estimateSource ?? 'great_circle'],
  ['payment_link_id', 'text', (o) => o.paymentLinkId ?? null],
  ['payment_expires_at', 'timestamptz', (o) => o.paymentExpiresAt ?? null],
];
const PAYMENT_REFERENCE = `$${COLUMNS.findIndex(([name]) => name === 'payment_reference') + 1}`;
const IDEMPOTENCY_KEY = `$${COLUMNS.length + 1}`;

// The arrays are unnested in the select list, in step, one element of each per row. In `from`
// (`unnest($1, $2, …)`) each would first be copied out whole into a store of rows of its own, and
// a row put together from all of them: more of the engine's time per order. See
// docs/design/group-commit.md.
const INSERTED = `insert into orders (${COLUMNS.map(([name]) => name).join(', ')})
    select ${COLUMNS.map(([, type], i) => `unnest($${i + 1}::${type}[])`).join(', ')}
    returning id, owner_subject, status, pending_status, created_at, payment_reference`;

// Each order's creation, its first event (seq 1, as its version is 1), written by the statement
// that stores the order: no order ever exists without it, and the history and the outbox start
// with it. It reads only the rows just inserted, so its plan depends on no table's size.
const CREATED = `created as (
    insert into order_events (order_id, seq, type, at, status, pending_status, actor, actor_id)
    select id, 1, 'created', created_at, status, pending_status, 'owner', owner_subject from inserted)`;

const INSERT = `with inserted as (${INSERTED}),
  ${CREATED}
  select id, payment_reference from inserted`;

// The same insert, binding each order's Idempotency-Key (one more array, NULL where an order has
// none) to it in the same statement, so that a stored order and its key cannot part. Only
// batches that carry a key pay for it.
const INSERT_AND_BIND = `with inserted as (${INSERTED}),
  ${CREATED},
  bound as (
    update idempotency_keys k set order_id = i.id
    from inserted i
      join unnest(${PAYMENT_REFERENCE}::uuid[], ${IDEMPOTENCY_KEY}::text[]) as r(payment_reference, idempotency_key)
      on r.payment_reference = i.payment_reference
    where k.owner_subject = i.owner_subject and k.key = r.idempotency_key)
  select id, payment_reference from inserted`;

interface Insert {
  order: NewOrder;
  idempotencyKey?: string;
}

/** The statement and its parameters for a batch: one array per column, and the keys if any. */
function insertStatement(inserts: readonly Insert[]): [text: string, params: Uint8Array[]] {
  const columns = COLUMNS.map(([, type, value]) => ({ type, values: inserts.map((i) => value(i.order)) }) as ArrayColumn);
  if (!inserts.some((i) => i.idempotencyKey)) return [INSERT, encodeArrays(columns)];
  const keys: ArrayColumn = { type: 'text', values: inserts.map((i) => i.idempotencyKey ?? null) };
  return [INSERT_AND_BIND, encodeArrays([...columns, keys])];
}

export interface OrderStoreOptions {
  /** How long an insert whose outcome is unknown is looked up before the answer is "unknown". */
  findOutcomeWithinMs: number;
  /** Told each batch's size as it is written. */
  onBatch?: (size: number) => void;
  /** Told once a batch has committed: its orders' creation events are in the outbox. */
  onStored?: () => void;
}

export function createOrderStore(sql: Sql, { findOutcomeWithinMs = 5_000, onBatch, onStored }: Partial<OrderStoreOptions> = {}): OrderStore {
  // The engine gives UUIDs back in lower case. The order becomes the stored one: what the store
  // adds is added to it rather than every field copied into a new object. As created, an order
  // has changed once, by its creation, and has no partner.
  const withId = (order: NewOrder, ids: Map<string, number>): Order | null => {
    const id = ids.get(order.paymentReference.toLowerCase());
    if (id === undefined) return null;
    return Object.assign(order, { id, version: 1, pausedPendingStatus: null, providerPaymentId: null, refundAmount: null, partner: null });
  };

  /** What became of a batch whose insert failed after it may have reached the store. */
  async function outcome(inserts: Insert[], failure: StatementOutcomeUnknownError): Promise<(Order | Error)[]> {
    const stored = await storedOrderIds(sql, inserts.map((i) => i.order.paymentReference), failure, findOutcomeWithinMs);
    return inserts.map(({ order }) => {
      if (!stored) return new OrderOutcomeUnknownError(failure.message, { cause: failure });
      return withId(order, stored) ?? new StoreUnavailableError(`the order was not stored: ${failure.message}`, { cause: failure });
    });
  }

  // Orders arriving together are inserted together (see group-commit.ts). Ids are matched back
  // by payment reference, which is unique, rather than trusting the order of returned rows.
  const write = groupCommit(async (inserts: Insert[]): Promise<(Order | Error)[]> => {
    const [text, params] = insertStatement(inserts);
    let rows: { id: string | number; payment_reference: string }[];
    try {
      // The plain insert is planned once: its plan is the same whatever rows it is given. The one
      // that binds keys joins a table, whose best plan depends on its size.
      ({ rows } = await sql.query<{ id: string | number; payment_reference: string }>(text, params, {
        planOnce: text === INSERT,
      }));
    } catch (error) {
      if (error instanceof StatementOutcomeUnknownError) return outcome(inserts, error);
      throw error;
    }
    const ids = new Map(rows.map((r) => [r.payment_reference, Number(r.id)]));
    onStored?.();
    return inserts.map(({ order }) => withId(order, ids)!);
  }, { maxBatch: MAX_BATCH, next: 'end of turn', onBatch });

  return {
    insert: (order, idempotencyKey) => write({ order, idempotencyKey }),
    async findById(id, ownerSubject) {
      return one(await sql.query<OrderRow>(`${SELECT_ORDERS} where o.id = $1 and o.owner_subject = $2`, [id, ownerSubject], BY_UNIQUE_KEY));
    },
    async findAnyById(id) {
      return one(await sql.query<OrderRow>(`${SELECT_ORDERS} where o.id = $1`, [id], BY_UNIQUE_KEY));
    },
    async findByPaymentReference(reference) {
      // References are UUIDs (see migrations/006): anything else names no order.
      if (!UUID.test(reference)) return null;
      return one(await sql.query<OrderRow>(`${SELECT_ORDERS} where o.payment_reference = $1`, [reference], BY_UNIQUE_KEY));
    },
    async listByOwner(ownerSubject, { before, status, limit }) {
      const { text, params } = listStatement(ownerSubject, before, status, limit);
      const { rows } = await sql.query<OrderRow>(text, params);
      return rows.map(fromRow);
    },
  };
}

const one = ({ rows }: { rows: OrderRow[] }): Order | null => (rows[0] ? fromRow(rows[0]) : null);

/**
 * An owner's orders, newest first, along the index on (owner_subject, id) (migrations/011): a
 * page costs its own rows, however many orders the owner has. The conditions a page leaves out
 * are left out of the text, not passed as nulls, so that each text has the plan it needs.
 */
function listStatement(ownerSubject: string, before: number | undefined, status: string | undefined, limit: number) {
  const params: unknown[] = [ownerSubject];
  let where = 'o.owner_subject = $1';
  if (before !== undefined) where += ` and o.id < $${params.push(before)}`;
  if (status !== undefined) where += ` and o.status = $${params.push(status)}`;
  const text = `${SELECT_ORDERS} where ${where} order by o.id desc limit $${params.push(limit)}`;
  return { text, params };
}
