import type { Logger } from 'pino';
import type { Authenticate } from '../auth/verify-token.js';
import type { OrderService } from '../core/orders/create-order.js';
import { InvalidInputError } from '../core/errors.js';
import type { Order } from '../core/orders/order.js';
import { toLegacyAnswer, toOrderView } from '../order-view.js';
import { idempotentRequest } from './idempotency-header.js';
import { readJsonObject } from './json-body.js';
import type { PlainRequest, PlainResponse } from './plain.js';
import { answerError, json, refuse, type TextResponse } from './responses.js';

export interface OrdersRouteDeps {
  authenticate: Authenticate;
  orders: OrderService;
  maxBodyBytes: number;
  /** One more key carrying the payment URL, for integrators of the legacy wire format. */
  legacyPaymentField: string | null;
  log: Logger;
}

/** `POST /applications/orders`, wire-compatible with the legacy service. */
export function createOrdersRoute(deps: OrdersRouteDeps) {
  return async function ordersRoute(request: PlainRequest): Promise<PlainResponse> {
    if (request.method !== 'POST') return refuse('METHOD_NOT_ALLOWED', { allow: 'POST' });
    try {
      const caller = await deps.authenticate(request.header('authorization'));
      const content = await readJsonObject(request, deps.maxBodyBytes);
      const { serviceId, ...body } = content;
      const idempotent = idempotentRequest(request.header('idempotency-key'), 'rest', content);
      const order = await deps.orders.createOrder(caller, Object.assign(body, { serviceCode: serviceId }), idempotent);
      return legacyOrderJson(order, deps.legacyPaymentField);
    } catch (error) {
      // The legacy request calls the service code `serviceId`.
      const named = error instanceof InvalidInputError && error.field === 'serviceCode' ? error.renamed('serviceId') : error;
      return answerError(named, deps.log);
    }
  };
}

/**
 * An order as REST answers it, 200: spec §2.1's fields, the payment URL also under the
 * deployment's legacy key when one is set; in gateway mode the legacy's order as it wrote it.
 */
export function legacyOrderJson(order: Order, legacyPaymentField: string | null): TextResponse {
  if (order.asReceived !== undefined) {
    // Gateway mode: the legacy's order as it wrote it, for the legacy's integrators.
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: toLegacyAnswer(order, order.asReceived) };
  }
  const view: Record<string, unknown> = toOrderView(order);
  if (legacyPaymentField) view[legacyPaymentField] = view.paymentProviderReference;
  return json(200, view);
}
