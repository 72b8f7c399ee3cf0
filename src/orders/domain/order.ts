
export const SERVICE_CODES = [1, 2, 3] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

export const SERVICE_NAMES: Record<ServiceCode, string> = {
  1: 'grúa',
  2: 'arranque de batería',
  3: 'cambio de neumático',
};

/** Services that need a destination: only towing moves the vehicle. */
export const needsDestination = (service: ServiceCode): boolean => service === 1;

/** Who made a change of an order: its owner, its operator, the platform, a timer of the service's, a payment provider. */
export const ORDER_ACTORS = ['owner', 'operator', 'platform', 'timer', 'payment'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** What the path says of one step of an order's life (see STEP_TABLE). */
export interface StepInfo {
  /** Pending: the order's status is `pending` and the step its pendingStatus; else the step is its status. */
  pending: boolean;
  /** An operator is on the order: accepted, and not yet finished. */
  withOperator: boolean;
  /** Nothing moves the order any more but closing a finished one. */
  ended: boolean;
  /** The platform may pause the order here, and so resume it back here. */
  pausable: boolean;
  /** Who may cancel the order here. */
  cancelledBy: readonly OrderActor[];
  /** The operator on the order reports reaching it (GraphQL's `OrderStep`). */
  reported: boolean;
  /** The operator is on its way to the car: its distance and time to it are what the customer waits on. */
  approaching: boolean;
}

/** The yes-or-no columns of the table. */
type StepFlag = { [K in keyof StepInfo]: StepInfo[K] extends boolean ? K : never }[keyof StepInfo];

/**
 * Every step of an order's life, in the order of its path: the pending ones first, then where an
 * order stops. Statuses, steps and the lists the state machine, the schema, the pages and the
 * store name are all read from here; migrations/*.sql's CHECKs are held to it by a test.
 */
export const STEP_TABLE = {
  pending_payment: { pending: true, withOperator: false, ended: false, pausable: false, cancelledBy: ['owner', 'platform'], reported: false, approaching: false },
  pending_partner: { pending: true, withOperator: false, ended: false, pausable: true, cancelledBy: ['owner', 'platform'], reported: false, approaching: false },
  partner_start_order: { pending: true, withOperator: true, ended: false, pausable: true, cancelledBy: ['owner', 'platform'], reported: false, approaching: true },
  partner_going_to_origin: { pending: true, withOperator: true, ended: false, pausable: true, cancelledBy: ['owner', 'platform'], reported: true, approaching: true },
  partner_in_origin: { pending: true, withOperator: true, ended: false, pausable: true, cancelledBy: ['owner', 'platform'], reported: true, approaching: false },
  // From here the operator holds the car: only the platform can stop the job.
  partner_going_to_destination: { pending: true, withOperator: true, ended: false, pausable: true, cancelledBy: ['platform'], reported: true, approaching: false },
  finished: { pending: false, withOperator: false, ended: false, pausable: false, cancelledBy: [], reported: true, approaching: false },
  paused: { pending: false, withOperator: false, ended: false, pausable: false, cancelledBy: ['platform'], reported: false, approaching: false },
  cancelled: { pending: false, withOperator: false, ended: true, pausable: false, cancelledBy: [], reported: false, approaching: false },
  closed: { pending: false, withOperator: false, ended: true, pausable: false, cancelledBy: [], reported: false, approaching: false },
} as const satisfies Record<string, StepInfo>;

type Table = typeof STEP_TABLE;
/** Where an order is in its life, in one word: its pendingStatus while it is pending, else its status. */
export type Step = keyof Table;
/** The steps whose entry in the table has `field` true. */
export type StepsWith<F extends StepFlag> = {
  [S in Step]: Table[S][F] extends true ? S : never;
}[Step];

/** Every step, in the order of the path. */
export const STEPS = Object.keys(STEP_TABLE) as Step[];
/** The steps whose `field` is true in the table, in the order of the path. */
export const stepsWith = <F extends StepFlag>(field: F): StepsWith<F>[] =>
  STEPS.filter((s) => STEP_TABLE[s][field]) as StepsWith<F>[];

export const PENDING_STATUSES = stepsWith('pending');
export type PendingStatus = StepsWith<'pending'>;

export const ORDER_STATUSES = ['pending', ...STEPS.filter((s) => !STEP_TABLE[s].pending)] as OrderStatus[];
export type OrderStatus = 'pending' | Exclude<Step, PendingStatus>;

/**
 * Where the order's payment stands: open, paid, left unpaid (its link expired or voided), or
 * paid and then refunded (pending until the provider accepts the refund).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Every type of event an order's changes write to order_events, in the order of an order's life:
 * `history`, the history names it (a progress names its step by the state after it; the refund
 * of a cancelled order's payment moves no state and is the payment provider's); `published`, the
 * webhook type it is sent as, `order.` and this (null: not sent). A pause and a resume are
 * progress as an integrator sees it: the order's status says which. A move of the partner is
 * only for the live followers: it changes no state an integrator follows, and the history leaves
 * it out; a refund is the payment provider's to tell the payer.
 */
export const ORDER_EVENTS = {
  created: { history: true, published: 'created' },
  paid: { history: true, published: 'paid' },
  assigned: { history: true, published: 'assigned' },
  progressed: { history: true, published: 'progressed' },
  paused: { history: true, published: 'progressed' },
  resumed: { history: true, published: 'progressed' },
  finished: { history: true, published: 'finished' },
  cancelled: { history: true, published: 'cancelled' },
  closed: { history: true, published: 'closed' },
  refunded: { history: true, published: null },
  partner_moved: { history: false, published: null },
} as const satisfies Record<string, { history: boolean; published: string | null }>;

/** A type of order_events' rows. */
export type OrderEventType = keyof typeof ORDER_EVENTS;
export const ORDER_EVENT_TYPES = Object.keys(ORDER_EVENTS) as OrderEventType[];

/** What a change of an order was, as its history names it. */
export type OrderChangeKind = { [E in OrderEventType]: (typeof ORDER_EVENTS)[E]['history'] extends true ? E : never }[OrderEventType];
export const ORDER_CHANGE_KINDS = ORDER_EVENT_TYPES.filter((e) => ORDER_EVENTS[e].history) as OrderChangeKind[];

/** The event of an operator's report of its position: for live followers, not the history. */
export const PARTNER_MOVED = 'partner_moved' satisfies OrderEventType;

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
