import { IdempotencyKeyInUseError, IdempotencyKeyReusedError, InvalidInputError, OrderOutcomeUnknownError } from '../../platform/errors.js';
import type { Fulfilment } from './fulfilment.js';
import { MAX_IDEMPOTENCY_KEY_LENGTH, type IdempotencyStore, type IdempotentRequest } from './idempotency.js';
import type { Order } from './order.js';
import { parseOrderRequest } from './order-request.js';
import { createOrderReads } from './order-reads.js';
import type { Caller } from './ports.js';

export interface OrderServiceDeps {
  fulfilment: Fulfilment;
  idempotency: IdempotencyStore;
  clock: () => Date;
}

export type OrderService = ReturnType<typeof createOrderService>;

/** The create-order use case, whichever fulfilment makes the order, and the client's reads. */
export function createOrderService(deps: OrderServiceDeps) {
  /**
   * Creates an order. With an Idempotency-Key, the first request with that key makes the order
   * and any repeat of it gets the same order back; a refused request leaves the key free, since
   * it made nothing. Invalid input is refused before the key is looked at, so it is never kept.
   */
  async function createOrder(caller: Caller, input: unknown, idempotent?: IdempotentRequest): Promise<Order> {
    const request = parseOrderRequest(input);
    if (!idempotent) return deps.fulfilment.fulfil(caller, request);

    const { key, fingerprint } = idempotent;
    if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new InvalidInputError('Idempotency-Key', `debe tener entre 1 y ${MAX_IDEMPOTENCY_KEY_LENGTH} caracteres`);
    }
    const claim = await deps.idempotency.claim(caller.subject, key, fingerprint, deps.clock());
    if (claim.kind === 'reused') throw new IdempotencyKeyReusedError();
    if (claim.kind === 'in-use') throw new IdempotencyKeyInUseError();
    if (claim.kind === 'done') {
      const order = await deps.fulfilment.find(caller, claim.orderId);
      if (order) return order;
      throw new Error(`order ${claim.orderId} bound to an idempotency key is missing`);
    }
    try {
      return await deps.fulfilment.fulfil(caller, request, key);
    } catch (error) {
      // Only an order-less claim is released: an order stored before a failure keeps its key. One
      // that may have been stored keeps its claim, so that a retry finds it rather than makes another.
      if (!(error instanceof OrderOutcomeUnknownError)) await deps.idempotency.release(caller.subject, key).catch(() => undefined);
      throw error;
    }
  }

  return { createOrder, ...createOrderReads(deps) };
}
