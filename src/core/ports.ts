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
}

export interface PaymentProvider {
  createPaymentLink(request: PaymentLinkRequest): Promise<{ url: string }>;
  /** Voids a link that was never handed out. Best effort. */
  cancelPaymentLink(reference: string): Promise<void>;
}
