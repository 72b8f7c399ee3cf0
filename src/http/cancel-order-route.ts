import type { Logger } from 'pino';
import type { Authenticate } from '../auth/verify-token.js';
import { InvalidInputError } from '../core/errors.js';
import { OrderNotFoundError } from '../core/lifecycle/errors.js';
import type { OrderLife } from '../core/orders/order-life.js';
import { parseOrderId } from '../core/orders/order-request.js';
import { readOptionalJsonObject } from './json-body.js';
import type { OrderRoute } from './order-routes.js';
import { legacyOrderJson } from './orders-route.js';
import { answerError, refuse } from './responses.js';

export interface CancelOrderRouteDeps {
  authenticate: Authenticate;
  life: OrderLife;
  maxBodyBytes: number;
  legacyPaymentField: string | null;
  log: Logger;
}

/**
 * The id of a path, which names an order or none: one that is no order's id is, to the caller,
 * an order it does not have.
 */
function orderIdOf(segment: string): number {
  try {
    return parseOrderId(segment);
  } catch (error) {
    throw error instanceof InvalidInputError ? new OrderNotFoundError(segment) : error;
  }
}

/**
 * `POST /applications/orders/{id}/cancel`: the owner cancels its order, with an optional
 * `{"reason": "…"}`, and gets the order back as the cancel left it, as `POST /applications/orders`
 * writes an order.
 */
export function createCancelOrderRoute(deps: CancelOrderRouteDeps): OrderRoute {
  return async function cancelOrderRoute(request, segment) {
    if (request.method !== 'POST') return refuse('METHOD_NOT_ALLOWED', { allow: 'POST' });
    try {
      const caller = await deps.authenticate(request.header('authorization'));
      const id = orderIdOf(segment);
      const { reason } = await readOptionalJsonObject(request, deps.maxBodyBytes);
      return legacyOrderJson(await deps.life.cancel(caller, String(id), reason), deps.legacyPaymentField);
    } catch (error) {
      return answerError(error, deps.log);
    }
  };
}
