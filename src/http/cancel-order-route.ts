import { isPlatform } from '../auth/forbidden.js';
import type { OrderLife } from '../core/lifecycle/order-life.js';
import { readOptionalJsonObject } from './json-body.js';
import { orderAnswer } from './order-answer.js';
import { orderIdOf, type OrderAction } from './order-routes.js';

export interface CancelOrderDeps {
  life: OrderLife;
  maxBodyBytes: number;
  legacyPaymentField: string | null;
}

/**
 * `POST /applications/orders/{id}/cancel`: the owner cancels its order (the platform, with the
 * scope orders:admin, any order), with an optional
 * `{"reason": "…"}`, and gets the order back as the cancel left it, as `POST /applications/orders`
 * writes an order.
 */
export function cancelOrderAction(deps: CancelOrderDeps): OrderAction {
  return {
    method: 'POST',
    operation: 'cancelOrder',
    async run(request, caller, segment) {
      const id = orderIdOf(segment);
      const { reason } = await readOptionalJsonObject(request, deps.maxBodyBytes);
      return orderAnswer(await deps.life.cancel(caller, String(id), reason, isPlatform(caller)), deps.legacyPaymentField);
    },
  };
}
