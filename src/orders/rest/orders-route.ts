import type { Logger } from 'pino';
import type { Authenticate } from '../../platform/tokens/verify-token.js';
import type { OrderService } from '../domain/create-order.js';
import { InvalidInputError } from '../../platform/errors.js';
import { idempotentRequest } from '../../http/idempotency-header.js';
import { readJsonObject } from '../../http/json-body.js';
import { orderAnswer } from './order-answer.js';
import type { PlainRequest, PlainResponse } from '../../http/plain.js';
import { answerError, refuse } from '../../http/responses.js';

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
      const idempotent = idempotentRequest(request.header('idempotency-key'), 'rest', content);
      const order = await deps.orders.createOrder(caller, asOrderInput(content), idempotent);
      return orderAnswer(order, deps.legacyPaymentField);
    } catch (error) {
      return answerError(restNamed(error), deps.log);
    }
  };
}

/** The legacy's body as the core's input: the legacy calls the service code `serviceId`. */
export function asOrderInput(content: Record<string, unknown>): Record<string, unknown> {
  const { serviceId, ...body } = content;
  return Object.assign(body, { serviceCode: serviceId });
}

/** A failure under the legacy's name of the field it names. */
export const restNamed = (error: unknown): unknown =>
  error instanceof InvalidInputError && error.field === 'serviceCode' ? error.renamed('serviceId') : error;
