import type { NewOrder, Order, OrderChange, OrderStatus } from './order.js';

export type { Caller } from '../../platform/caller.js';

/** A page of an owner's orders, newest first. */
export interface OrderPage {
  /** Only orders older than this one (a smaller id); from the newest when absent. */
  before?: number;
  /** Only orders in this status. */
  status?: OrderStatus;
  limit: number;
}

export interface OrderStore {
  /**
   * Stores the order, and its creation as its first event, in one write; with a key, binds that
   * claimed Idempotency-Key to it in the same write.
   */
  insert(order: NewOrder, idempotencyKey?: string): Promise<Order>;
  /** One of the owner's orders; null for another owner's. */
  findById(id: number, ownerSubject: string): Promise<Order | null>;
  /** Any order, whoever owns it: for the platform and the operators, never for a client. */
  findAnyById(id: number): Promise<Order | null>;
  findByPaymentReference(reference: string): Promise<Order | null>;
  listByOwner(ownerSubject: string, page: OrderPage): Promise<Order[]>;
}

/** Where an order's events are kept (its outbox): read here as its history. */
export interface OrderHistory {
  /** The order's creation and each change after it that a client sees, oldest first. */
  history(orderId: number): Promise<OrderChange[]>;
}
