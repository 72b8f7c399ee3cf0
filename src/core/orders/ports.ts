import type { NewOrder, Order } from './order.js';

/** Who is calling: the token's subject owns the orders it creates. */
export interface Caller {
  subject: string;
  name: string | null;
}

export interface OrderStore {
  /** Stores the order; with a key, binds that claimed Idempotency-Key to it in the same write. */
  insert(order: NewOrder, idempotencyKey?: string): Promise<Order>;
  findById(id: number, ownerSubject: string): Promise<Order | null>;
  /** Any order, whoever owns it: for the operator on it and the platform. */
  findAnyById(id: number): Promise<Order | null>;
  findByPaymentReference(reference: string): Promise<Order | null>;
}
