import { UnauthenticatedError } from '../../platform/tokens/verify-token.js';
import type { WatchItem } from '../domain/order-watch.js';
import { OrderNotFoundError } from '../../platform/errors.js';
import type { Order } from '../../orders/domain/order.js';
import { parseOrderId } from '../../orders/domain/order-request.js';
import { toOrderView } from '../../orders/order-view.js';
import { builder } from '../../graphql/builder.js';
import { OrderRef } from '../../orders/graphql/order.js';

/** Why a watch ended, as the error its last event carries. */
function endOf(item: Extract<WatchItem<Order>, { kind: 'end' }>, orderId: string): unknown {
  if (item.reason === 'failed') return item.error;
  if (item.reason === 'expired') return new UnauthenticatedError('the token expired during the subscription');
  return new OrderNotFoundError(orderId);
}

builder.subscriptionField('orderUpdated', (t) =>
  t.field({
    type: OrderRef,
    description:
      "One of the caller's orders (or the order its operator token is on), as it is now and again after each change, " +
      'in order; at most one update a second for changes that only move the operator. Ends with UNAUTHENTICATED when ' +
      'the token expires, ORDER_NOT_FOUND for an order not the caller\'s',
    args: { id: t.arg.id({ required: true }) },
    subscribe: (_root, { id }, { caller, authorization, transport, live }) => {
      if (!live) throw new OrderNotFoundError(String(id));
      return live.orderUpdated(caller, authorization, parseOrderId(String(id)), transport ?? 'sse');
    },
    resolve: (item: WatchItem<Order>, { id }) => {
      if (item.kind === 'order') return toOrderView(item.value);
      throw endOf(item, String(id));
    },
  }),
);
