import type { NewOrder, Order, OrderStatus, PendingStatus, ServiceCode } from '../core/order.js';
import type { OrderStore } from '../core/ports.js';
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

const COLUMNS = [
  'owner_subject', 'status', 'pending_status', 'payment_reference', 'payment_url',
  'origin_latitude', 'origin_longitude', 'destination_latitude', 'destination_longitude',
  'origin_title', 'destination_title', 'service_code', 'vehicle_identification', 'distance_m', 'duration_s',
  'total_amount', 'partner_amount', 'platform_amount', 'currency', 'partner_distance_m', 'partner_duration_s',
  'quoted_operator_id', 'client_name', 'client_phone', 'partner_id', 'created_at', 'updated_at',
] as const;

function toParams(o: NewOrder): unknown[] {
  return [
    o.ownerSubject, o.status, o.pendingStatus, o.paymentReference, o.paymentUrl,
    o.origin.latitude, o.origin.longitude, o.destination.latitude, o.destination.longitude,
    o.originTitle, o.destinationTitle, o.serviceCode, o.vehicleIdentification, o.distanceMetres, o.durationSeconds,
    o.amounts.total, o.amounts.partner, o.amounts.platform, o.currency, o.partnerDistanceMetres,
    o.partnerDurationSeconds, o.quotedOperatorId, o.clientName, o.clientPhone, o.partnerId,
    o.createdAt.toISOString(), o.updatedAt.toISOString(),
  ];
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

const INSERT = `insert into orders (${COLUMNS.join(', ')})
  values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;

export function createOrderStore(sql: Sql): OrderStore {
  return {
    async insert(order) {
      const { rows } = await sql.query<{ id: string | number }>(INSERT, toParams(order));
      return { ...order, id: Number(rows[0]!.id) };
    },
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
