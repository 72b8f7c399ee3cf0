import type { EstimateSource, Order, OrderStatus, PaymentStatus, PendingStatus, ServiceCode } from '../domain/order.js';

/** A row of `orders` as the engines give it back (bigints as text on PostgreSQL), with its partner's columns. */
export interface OrderRow {
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
  estimate_source: EstimateSource;
  payment_link_id: string | null;
  payment_expires_at: Date | string | null;
  payment_status: PaymentStatus;
  version: number;
  paused_pending_status: PendingStatus | null;
  provider_payment_id: string | null;
  refund_amount: string | number | bigint | null;
  partner_name: string | null;
  partner_phone: string | null;
  partner_latitude: number | null;
  partner_longitude: number | null;
}

/**
 * Every read of an order: its row, and its partner as the roster has it now: while the operator is
 * on the order, the position it last reported; once the order let it go, the position it had then
 * (kept on the order by the change that freed it), never where the operator went next. An
 * operator no longer in the roster leaves partner_id set and the partner unknown.
 */
export const SELECT_ORDERS = selectOrdersFrom('orders');

/** The same read of the rows of `source` (the rows of an update, `returning *`), with `extra` columns. */
export function selectOrdersFrom(source: string, extra = ''): string {
  return `select o.*, p.name as partner_name, p.phone as partner_phone,
    case when p.current_order_id = o.id or o.partner_last_latitude is null then p.latitude else o.partner_last_latitude end as partner_latitude,
    case when p.current_order_id = o.id or o.partner_last_longitude is null then p.longitude else o.partner_last_longitude end as partner_longitude${extra}
  from ${source} o left join operators p on p.id = o.partner_id`;
}

function partnerOf(r: OrderRow): Order['partner'] {
  if (r.partner_id === null || r.partner_name === null) return null;
  return {
    id: r.partner_id,
    name: r.partner_name,
    phone: r.partner_phone!,
    position: { latitude: r.partner_latitude!, longitude: r.partner_longitude! },
  };
}

export function fromRow(r: OrderRow): Order {
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
    // The optional fields are left undefined at the values their absence means.
    estimateSource: r.estimate_source === 'road' ? 'road' : undefined,
    paymentLinkId: r.payment_link_id ?? undefined,
    paymentExpiresAt: r.payment_expires_at === null ? undefined : new Date(r.payment_expires_at),
    paymentStatus: r.payment_status === 'pending' ? undefined : r.payment_status,
    version: r.version,
    pausedPendingStatus: r.paused_pending_status,
    providerPaymentId: r.provider_payment_id,
    refundAmount: r.refund_amount === null ? null : Number(r.refund_amount),
    partner: partnerOf(r),
  };
}
