import type { Mount } from '../../http/router.js';
import { createOrderRoutes, ORDER_PATH_PREFIX, type OrderAction } from './order-routes.js';
import { createOrdersRoute, type OrdersRouteDeps } from './orders-route.js';
import { createQuotesRoute, QUOTES_PATH } from './quotes-route.js';

export const ORDERS_PATH = '/applications/orders';

/**
 * The orders' REST routes, as the router mounts them: an order made (the legacy's route), quotes,
 * and one of the caller's orders read or acted on (`actions`, by name, such as the life's cancel).
 */
export function orderMounts(deps: OrdersRouteDeps, actions?: Readonly<Record<string, OrderAction>>): Mount[] {
  const orderRoutes = createOrderRoutes(deps, actions);
  return [
    { path: ORDERS_PATH, route: createOrdersRoute(deps), operation: () => 'createOrder', spanRoute: ORDERS_PATH },
    { path: QUOTES_PATH, route: createQuotesRoute(deps), operation: () => 'quote' },
    { path: ORDER_PATH_PREFIX, prefix: true, route: orderRoutes.route, operation: orderRoutes.operation },
  ];
}
