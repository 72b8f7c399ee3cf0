import { isPlatform } from '../../platform/tokens/forbidden.js';
import type { OrderLife } from '../domain/order-life.js';
import { readOptionalJsonObject } from '../../http/json-body.js';
import { orderAnswer } from '../../orders/rest/order-answer.js';
import { orderIdOf, type OrderAction } from '../../orders/rest/order-routes.js';

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
