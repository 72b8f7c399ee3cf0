import type { PlainRequest, PlainResponse } from './plain.js';
import { refuse } from './responses.js';

/** The prefix of the routes of one order: `/applications/orders/<id>[/<action>]`. */
export const ORDER_PATH = '/applications/orders/';

/** A route of one order, given the id segment of its path as the client wrote it (percent-encoded). */
export type OrderRoute = (request: PlainRequest, id: string) => Promise<PlainResponse>;

/**
 * The routes under one order, by what follows its id: `''` for the order itself, else the
 * action's name (`cancel`). Anything else, or a path deeper than that, is not found.
 */
export function createOrderRoutes(routes: Readonly<Record<string, OrderRoute>>) {
  return async function orderRoutes(request: PlainRequest, path: string): Promise<PlainResponse> {
    const [id = '', action = '', ...rest] = path.slice(ORDER_PATH.length).split('/');
    const route = Object.hasOwn(routes, action) ? routes[action] : undefined;
    if (!id || rest.length || !route) return refuse('NOT_FOUND');
    return route(request, id);
  };
}
