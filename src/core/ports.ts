import type { NewOrder, Order, Point, ServiceCode } from './order.js';

/** Who is calling: the token's subject owns the orders it creates. */
export interface Caller {
  subject: string;
  name: string | null;
}

export interface OrderStore {
  /** Stores the order; with a key, binds that claimed Idempotency-Key to it in the same write. */
  insert(order: NewOrder, idempotencyKey?: string): Promise<Order>;
  findById(id: number, ownerSubject: string): Promise<Order | null>;
  findByPaymentReference(reference: string): Promise<Order | null>;
}

export interface AvailableOperator {
  id: string;
  position: Point;
}

export interface OperatorLocator {
  /** The on-duty operator offering `service` nearest to `point` within `radiusMetres`, if any. */
  nearestAvailable(point: Point, service: ServiceCode, radiusMetres: number): AvailableOperator | undefined;
}

export interface PaymentLinkRequest {
  /** Our reference for the payment; the provider keys the link by it. */
  reference: string;
  amount: number;
  currency: string;
  description: string;
  /** When the link stops being payable; unset: it does not expire. */
  expiresAt?: Date;
}

export interface PaymentLink {
  url: string;
  /**
   * The provider's own id of the link, kept with the order so that any instance can void it
   * without searching; unset when the provider keys its links by our reference.
   */
  linkId?: string;
}

export interface PaymentProvider {
  /** Stops when `signal` aborts (the order's deadline for the provider). */
  createPaymentLink(request: PaymentLinkRequest, signal?: AbortSignal): Promise<PaymentLink>;
  /** Voids a link: never handed out, or no longer payable (expired). Best effort. */
  cancelPaymentLink(reference: string, linkId?: string): Promise<void>;
}
