import type { Order } from './order.js';
import type { OrderRequest } from './order-request.js';
import type { Caller } from './ports.js';

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
}
