import { APPROACHING, WITH_OPERATOR, stepOf, type Step } from '../../lifecycle/domain/steps.js';
import type { Order, OrderStatus, PendingStatus, Point, ServiceCode } from '../../orders/domain/order.js';

/** One change of the order, as the tracking page's timeline shows it. */
export interface TrackedChange {
  at: string;
  type: string;
  status: OrderStatus;
  pendingStatus: PendingStatus | null;
}

/**
 * An order as anyone holding its payment reference may follow it: its state and history, where
 * its operator is and how far, and nothing personal beyond what the payment page shows (no
 * phone, no client name, the plate masked, the operator by first name only).
 */
export interface Tracking {
  orderId: number;
  serviceCode: ServiceCode;
  status: OrderStatus;
  pendingStatus: PendingStatus | null;
  plate: string;
  origin: Point;
  /** Null for a service on the spot, whose destination is its origin. */
  destination: Point | null;
  distanceMetres: number;
  durationSeconds: number;
  /** From the acceptance on; its position while it is on the order, and where a finished one ended. */
  operator: { firstName: string; position: Point | null } | null;
  /** The operator's way to the vehicle, while it is on that way. */
  approach: { distanceMetres: number; durationSeconds: number } | null;
  updatedAt: string;
  history: TrackedChange[];
}

/** What the store gives to make a Tracking of. */
export interface TrackingSource {
  order: Order;
  history: readonly { at: Date; type: string; status: string; pendingStatus: string | null }[];
}

// Words a trade name starts with ("Grúas Francisca Rojas"): the person's first name follows.
const TRADE_WORDS = new Set(['grúa', 'grúas', 'grua', 'gruas', 'asistencia', 'servicio', 'servicios', 'taller', 'mecánica', 'mecanica', 'auxilio', 'remolque', 'remolques']);

/** The first name in an operator's name, past the trade words it may start with. */
export function firstName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words.find((w) => !TRADE_WORDS.has(w.toLowerCase())) ?? words[0] ?? '';
}

/** A plate with only its ends shown: `AB•••CD`. */
export function maskedPlate(plate: string): string {
  const chars = [...plate];
  if (chars.length <= 4) return `${chars.slice(0, 1).join('')}•••`;
  return `${chars.slice(0, 2).join('')}•••${chars.slice(-2).join('')}`;
}

// Where the page shows the operator: live while it works the order, and once the service is
// finished (or closed after it) where it ended, the position the order kept when it let the
// operator go, so the payer sees where the car was left. A cancelled order shows none: its
// operator was let go on its way to somewhere the payer no longer has a part in, and a paused
// one none until it resumes.
const SHOWS_POSITION: readonly Step[] = [...WITH_OPERATOR, 'finished', 'closed'];

export function trackingOf({ order, history }: TrackingSource): Tracking {
  const step = stepOf(order);
  const sameSpot = order.destination.latitude === order.origin.latitude && order.destination.longitude === order.origin.longitude;
  // The order's partner: the roster's live position while the operator is on the order, the
  // position kept on the order once it let the operator go (store/order-rows.ts).
  const { partner } = order;
  return {
    orderId: order.id,
    serviceCode: order.serviceCode,
    status: order.status,
    pendingStatus: order.pendingStatus,
    plate: maskedPlate(order.vehicleIdentification),
    origin: order.origin,
    destination: sameSpot ? null : order.destination,
    distanceMetres: order.distanceMetres,
    durationSeconds: order.durationSeconds,
    operator: partner ? { firstName: firstName(partner.name), position: SHOWS_POSITION.includes(step) ? partner.position : null } : null,
    approach: APPROACHING.includes(step) ? { distanceMetres: order.partnerDistanceMetres, durationSeconds: order.partnerDurationSeconds } : null,
    updatedAt: order.updatedAt.toISOString(),
    history: history.map((e) => ({
      at: e.at.toISOString(),
      type: e.type,
      status: e.status as OrderStatus,
      pendingStatus: e.pendingStatus as PendingStatus | null,
    })),
  };
}
