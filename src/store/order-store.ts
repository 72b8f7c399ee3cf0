import type { NewOrder, Order, OrderStatus, PendingStatus, ServiceCode } from '../core/order.js';
import type { OrderStore } from '../core/ports.js';
import { groupCommit } from './group-commit.js';
import type { Sql } from './sql.js';

interface OrderRow {
  id: string | number | bigint;
  owner_subject: string;
  status: OrderStatus;
  pending_status: PendingStatus | null;
  payment_reference: string;
  payment_url: string;
  origin_latitude: number;
  origin_longitude: number;
  destination_latitude: number;
  destination_longitude: number;
  origin_title: string;
  destination_title: string;
  service_code: number;
  vehicle_identification: string;
  distance_m: number;
  duration_s: number;
  total_amount: string | number | bigint;
  partner_amount: string | number | bigint;
  platform_amount: string | number | bigint;
  currency: string;
  partner_distance_m: number;
  partner_duration_s: number;
  quoted_operator_id: string;
  client_name: string | null;
  client_phone: string;
  partner_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * The order as a row of the orders table, for json_populate_recordset, with the Idempotency-Key
 * that INSERT_AND_BIND binds to it.
 */
interface OrderRecord extends Omit<OrderRow, 'id'> {
  idempotency_key: string | null;
}

function toRecord(o: NewOrder, idempotencyKey: string | undefined): OrderRecord {
  return {
    owner_subject: o.ownerSubject,
    status: o.status,
    pending_status: o.pendingStatus,
    payment_reference: o.paymentReference,
    payment_url: o.paymentUrl,
    origin_latitude: o.origin.latitude,
    origin_longitude: o.origin.longitude,
    destination_latitude: o.destination.latitude,
    destination_longitude: o.destination.longitude,
    origin_title: o.originTitle,
    destination_title: o.destinationTitle,
    service_code: o.serviceCode,
    vehicle_identification: o.vehicleIdentification,
    distance_m: o.distanceMetres,
    duration_s: o.durationSeconds,
    total_amount: o.amounts.total,
    partner_amount: o.amounts.partner,
    platform_amount: o.amounts.platform,
    currency: o.currency,
    partner_distance_m: o.partnerDistanceMetres,
    partner_duration_s: o.partnerDurationSeconds,
    quoted_operator_id: o.quotedOperatorId,
    client_name: o.clientName,
    client_phone: o.clientPhone,
    partner_id: o.partnerId,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    idempotency_key: idempotencyKey ?? null,
  };
}

function fromRow(r: OrderRow): Order {
  return {
    id: Number(r.id),
    ownerSubject: r.owner_subject,
    status: r.status,
    pendingStatus: r.pending_status,
    paymentReference: r.payment_reference,
    paymentUrl: r.payment_url,
    origin: { latitude: r.origin_latitude, longitude: r.origin_longitude },
    destination: { latitude: r.destination_latitude, longitude: r.destination_longitude },
    originTitle: r.origin_title,
    destinationTitle: r.destination_title,
    serviceCode: r.service_code as ServiceCode,
    vehicleIdentification: r.vehicle_identification,
    distanceMetres: r.distance_m,
    durationSeconds: r.duration_s,
    amounts: { total: Number(r.total_amount), partner: Number(r.partner_amount), platform: Number(r.platform_amount) },
    currency: r.currency,
    partnerDistanceMetres: r.partner_distance_m,
    partnerDurationSeconds: r.partner_duration_s,
    quotedOperatorId: r.quoted_operator_id,
    clientName: r.client_name,
    clientPhone: r.client_phone,
    partnerId: r.partner_id,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

// Up to this many orders share one insert. They travel as one JSON parameter: one value to
// encode instead of 27 per order, and the same statement whatever the batch size.
const MAX_BATCH = 256;
const COLUMNS = [
  'owner_subject', 'status', 'pending_status', 'payment_reference', 'payment_url',
  'origin_latitude', 'origin_longitude', 'destination_latitude', 'destination_longitude',
  'origin_title', 'destination_title', 'service_code', 'vehicle_identification', 'distance_m', 'duration_s',
  'total_amount', 'partner_amount', 'platform_amount', 'currency', 'partner_distance_m', 'partner_duration_s',
  'quoted_operator_id', 'client_name', 'client_phone', 'partner_id', 'created_at', 'updated_at',
] as const satisfies readonly (keyof OrderRecord)[];
const INSERT = `insert into orders (${COLUMNS.join(', ')})
  select ${COLUMNS.join(', ')} from json_populate_recordset(null::orders, $1::json)
  returning id, payment_reference`;

// The same insert, binding each order's Idempotency-Key to it in the same statement, so that a
// stored order and its key cannot part. Only batches that carry a key pay for it.
const INSERT_AND_BIND = `with inserted as (${INSERT.replace('returning id, payment_reference', 'returning id, owner_subject, payment_reference')}),
  bound as (
    update idempotency_keys k set order_id = i.id
    from inserted i join json_to_recordset($1::json) as r(payment_reference text, idempotency_key text)
      on r.payment_reference = i.payment_reference
    where k.owner_subject = i.owner_subject and k.key = r.idempotency_key)
  select id, payment_reference from inserted`;

interface Insert {
  order: NewOrder;
  idempotencyKey?: string;
}

export function createOrderStore(sql: Sql): OrderStore {
  // Orders arriving together are inserted together (see group-commit.ts). Ids are matched back
  // by payment reference, which is unique, rather than trusting the order of returned rows.
  const write = groupCommit(async (inserts: Insert[]): Promise<Order[]> => {
    const keyed = inserts.some((i) => i.idempotencyKey);
    const records = inserts.map((i) => toRecord(i.order, i.idempotencyKey));
    const { rows } = await sql.query<{ id: string | number; payment_reference: string }>(
      keyed ? INSERT_AND_BIND : INSERT,
      [JSON.stringify(records)],
    );
    const ids = new Map(rows.map((r) => [r.payment_reference, Number(r.id)]));
    return inserts.map(({ order }) => ({ ...order, id: ids.get(order.paymentReference)! }));
  }, MAX_BATCH);

  return {
    insert: (order, idempotencyKey) => write({ order, idempotencyKey }),
    async findById(id, ownerSubject) {
      const { rows } = await sql.query<OrderRow>('select * from orders where id = $1 and owner_subject = $2', [
        id,
        ownerSubject,
      ]);
      return rows[0] ? fromRow(rows[0]) : null;
    },
    async findByPaymentReference(reference) {
      const { rows } = await sql.query<OrderRow>('select * from orders where payment_reference = $1', [reference]);
      return rows[0] ? fromRow(rows[0]) : null;
    },
  };
}
