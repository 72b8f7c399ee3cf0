import type { Order } from '../domain/order.js';
import { toLegacyAnswer, toOrderView } from '../order-view.js';
import { json, type TextResponse } from '../../http/responses.js';

/**
 * An order as every REST route answers it (the legacy's fields, then this service's): the view, with the payment URL under the
 * deployment's legacy key too when one is set; in gateway mode, the legacy's own answer.
 */
export function orderAnswer(order: Order, legacyPaymentField: string | null): TextResponse {
  if (order.asReceived !== undefined) {
    // Gateway mode: the legacy's order as it wrote it, for the legacy's integrators.
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: toLegacyAnswer(order, order.asReceived) };
  }
  const view: Record<string, unknown> = toOrderView(order);
  if (legacyPaymentField) view[legacyPaymentField] = view.paymentProviderReference;
  return json(200, view);
}
