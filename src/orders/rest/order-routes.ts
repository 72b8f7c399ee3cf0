import { InvalidInputError, OrderNotFoundError } from '../../platform/errors.js';
import { parseOrderId } from '../domain/order-request.js';
import type { AuthenticatedCaller } from '../../platform/tokens/verify-token.js';
import { orderAnswer } from './order-answer.js';
import type { OrdersRouteDeps } from './orders-route.js';
import type { PlainRequest, PlainResponse, PlainRoute } from '../../http/plain.js';
import { answerError, refuse } from '../../http/responses.js';

export const ORDER_PATH_PREFIX = '/applications/orders/';

/**
 * What is done to one of the caller's orders under `/applications/orders/{id}/{name}`: the id as
 * the path has it (percent-encoded, unchecked), with the caller already authenticated.
 */
export interface OrderAction {
  /** The one method it takes. */
  method: string;
  /** Its name in the metrics, e.g. `cancelOrder`. */
  operation: string;
  run(request: PlainRequest, caller: AuthenticatedCaller, id: string): Promise<PlainResponse>;
}

/** The order's id and what is asked of it: null for the order itself, else the sub-path's name. */
function split(path: string): { id: string; action: string | null } {
  const rest = path.slice(ORDER_PATH_PREFIX.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? { id: rest, action: null } : { id: rest.slice(0, slash), action: rest.slice(slash + 1) };
}

/**
 * The id of one of the caller's orders. Anything that is not an order id names no order of the
 * caller's, and is answered as one that does not exist: 404, never 400.
 */
export function orderIdOf(id: string): number {
  try {
    return parseOrderId(id);
  } catch (error) {
    if (error instanceof InvalidInputError) throw new OrderNotFoundError(id);
    throw error;
  }
}

/**
 * `/applications/orders/{id}` (GET: the order, as POST answered it) and the actions under it, by
 * the name of their sub-path; an unknown one is NOT_FOUND. An order the caller does not own is
 * ORDER_NOT_FOUND, as one that does not exist.
 */
export function createOrderRoutes(deps: OrdersRouteDeps, actions: Readonly<Record<string, OrderAction>> = {}) {
  const getOrder: OrderAction = {
    method: 'GET',
    operation: 'order',
    async run(_request, caller, id) {
      const order = await deps.orders.findOrder(caller, orderIdOf(id));
      if (!order) throw new OrderNotFoundError(id);
      return orderAnswer(order, deps.legacyPaymentField);
    },
  };
  const actionOf = (path: string): OrderAction | undefined => {
    const { action } = split(path);
    return action === null ? getOrder : Object.hasOwn(actions, action) ? actions[action] : undefined;
  };

  const route: PlainRoute = async (request, path) => {
    const action = actionOf(path);
    if (!action) return refuse('NOT_FOUND');
    if (request.method !== action.method) return refuse('METHOD_NOT_ALLOWED', { allow: action.method });
    try {
      const caller = await deps.authenticate(request.header('authorization'));
      return await action.run(request, caller, split(path).id);
    } catch (error) {
      return answerError(error, deps.log);
    }
  };

  /** The operation a path names, for the metrics: a name from a bounded set, whatever was asked. */
  const operation = (path: string): string => actionOf(path)?.operation ?? 'unknown';

  return { route, operation };
}
