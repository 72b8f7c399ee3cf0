
export const SERVICE_CODES = [1, 2, 3] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

export const SERVICE_NAMES: Record<ServiceCode, string> = {
  1: 'grúa',
  2: 'arranque de batería',
  3: 'cambio de neumático',
};

/** Services that need a destination: only towing moves the vehicle. */
export const needsDestination = (service: ServiceCode): boolean => service === 1;

export const ORDER_STATUSES = ['pending', 'finished', 'paused', 'cancelled', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PENDING_STATUSES = [
  'pending_payment',
  'pending_partner',
  'partner_start_order',
  'partner_going_to_origin',
  'partner_in_origin',
  'partner_going_to_destination',
] as const;
export type PendingStatus = (typeof PENDING_STATUSES)[number];

/**
 * Where the order's payment stands: open, paid, left unpaid (its link expired or voided), or
 * paid and then refunded (pending until the provider accepts the refund).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who made a change of an order: its owner, its operator, the platform, a timer of the service's, a payment provider. */
export const ORDER_ACTORS = ['owner', 'operator', 'platform', 'timer', 'payment'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * What a change of an order was, as its history names it: the order's creation, each kind of
 * transition (a progress names its step by the state after it), and the refund of a cancelled
 * order's payment, which moves no state and is the payment provider's.
 */
export const ORDER_CHANGE_KINDS = [
  'created',
  'paid',
  'assigned',
  'progressed',
  'paused',
  'resumed',
  'finished',
  'cancelled',
  'closed',
  'refunded',
] as const;
export type OrderChangeKind = (typeof ORDER_CHANGE_KINDS)[number];

/** One change in an order's history: what it was, its state after the change, who made it, and why. */
export interface OrderChange {
  kind: OrderChangeKind;
  at: Date;
  status: OrderStatus;
  pendingStatus: PendingStatus | null;
  actor: OrderActor;
  reason: string | null;
}

/** How an order's distances and durations were estimated: by road (a routing provider), or the great circle. */
export type EstimateSource = 'road' | 'great_circle';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Amounts are integers in the currency's minor unit (CLP has none, so pesos). */
export interface Amounts {
  total: number;
  partner: number;
  platform: number;
}

/** An order as the core builds it, before the store gives it an id. */
export interface NewOrder {
  ownerSubject: string;
  status: OrderStatus;
  pendingStatus: PendingStatus | null;
  paymentReference: string;
  paymentUrl: string;
  origin: Point;
  destination: Point;
  originTitle: string;
  destinationTitle: string;
  serviceCode: ServiceCode;
  vehicleIdentification: string;
  distanceMetres: number;
  durationSeconds: number;
  amounts: Amounts;
  currency: string;
  partnerDistanceMetres: number;
  partnerDurationSeconds: number;
  /** The operator whose position gave partnerDistance; not yet assigned to the order. */
  quotedOperatorId: string;
  clientName: string | null;
  clientPhone: string;
  partnerId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** How distance and duration were estimated; absent: by the great circle. */
  estimateSource?: EstimateSource;
  /** The payment provider's own id of the link (see PaymentLink.linkId). */
  paymentLinkId?: string | null;
  /** When the payment link stops being payable; null: never. */
  paymentExpiresAt?: Date | null;
}

/** The operator assigned to an order, its position as it last reported it. */
export interface OrderPartner {
  id: string;
  name: string;
  phone: string;
  position: Point;
}

export interface Order extends NewOrder {
  id: number;
  /** Raised by one with each change of the order; 1 as created. */
  version: number;
  /** Paused: where the order was, to resume it there. Null otherwise. */
  pausedPendingStatus: PendingStatus | null;
  /** The payment provider's own id of the payment that paid the order: what a refund names. */
  providerPaymentId: string | null;
  /** The refund of a cancelled paid order, in the currency's minor unit; null when none is owed. */
  refundAmount: number | null;
  /** The assigned operator (partnerId) as the roster knows it; null when none is. */
  partner: OrderPartner | null;
  /** Absent: pending, as every order starts. */
  paymentStatus?: PaymentStatus;
  /**
   * Gateway mode only: the legacy's answer, byte for byte as it wrote it, which REST passes on to
   * the legacy's integrators. Native orders have none.
   */
  asReceived?: string;
}
