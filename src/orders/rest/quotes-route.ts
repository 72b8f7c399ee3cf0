import { toQuoteView } from '../order-view.js';
import { readJsonObject } from '../../http/json-body.js';
import { asOrderInput, restNamed, type OrdersRouteDeps } from './orders-route.js';
import type { PlainRequest, PlainResponse } from '../../http/plain.js';
import { answerError, json, refuse } from '../../http/responses.js';

export const QUOTES_PATH = '/applications/quotes';

/**
 * `POST /applications/quotes`: the body of an order, answered with the figures the order would
 * carry; refused as the order would be. No payment link is made and nothing is stored, so an
 * Idempotency-Key has nothing to guard.
 */
export function createQuotesRoute(deps: Omit<OrdersRouteDeps, 'legacyPaymentField'>) {
  return async function quotesRoute(request: PlainRequest): Promise<PlainResponse> {
    if (request.method !== 'POST') return refuse('METHOD_NOT_ALLOWED', { allow: 'POST' });
    try {
      await deps.authenticate(request.header('authorization'));
      const content = await readJsonObject(request, deps.maxBodyBytes);
      return json(200, toQuoteView(await deps.orders.quote(asOrderInput(content))));
    } catch (error) {
      return answerError(restNamed(error), deps.log);
    }
  };
}
