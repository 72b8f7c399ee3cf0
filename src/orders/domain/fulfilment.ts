import type { Order, OrderChange } from './order.js';
import type { OrderRequest } from './order-request.js';
import type { Caller, OrderPage } from './ports.js';
import type { Quote } from './quote.js';

/**
 * Makes the order a valid request asks for: natively (dispatch, estimate, price, payment link,
 * store) or by forwarding it to a legacy order service (gateway mode). Which one runs is the
 * deployment's choice; the use case around it (validation, Idempotency-Key) is the same.
 */
export interface Fulfilment {
  /**
   * Makes the order. With a claimed Idempotency-Key, binds the key to the order in the same
   * write. Rejects with OrderOutcomeUnknownError when the order may have been made: the key then
   * stays claimed.
   */
  fulfil(caller: Caller, request: OrderRequest, idempotencyKey?: string): Promise<Order>;
  /** One of the caller's own orders. */
  find(caller: Caller, id: number): Promise<Order | null>;
  /** A page of the caller's own orders, newest first. */
  list(caller: Caller, page: OrderPage): Promise<Order[]>;
  /** The figures of the order the request asks for, without making it: no payment link, nothing stored. */
  quote(request: OrderRequest): Promise<Quote>;
  /** The order's creation and its changes since, oldest first. */
  history(order: Order): Promise<OrderChange[]>;
}
