import { ORDER_ACTORS, ORDER_CHANGE_KINDS, type OrderActor, type OrderChange, type OrderChangeKind } from '../../orders/domain/order.js';
import { ORDER } from '../../orders/order-view.js';
import { builder } from '../../graphql/builder.js';
import { upperCased } from '../../graphql/enums.js';
import { OrderStatusEnum, PendingStatusEnum } from '../../orders/graphql/enums.js';
import { OrderRef } from '../../orders/graphql/order.js';

const ACTOR_DESCRIPTIONS: Record<OrderActor, string> = {
  owner: "the order's client",
  operator: 'the operator assigned to it, or offered it',
  platform: 'the platform, through its own operations',
  timer: "one of the service's timers (an offer that expired, an order left without a taker, the close of a finished order)",
  payment: 'the payment provider (a payment, an expiry, a refund)',
};

const OrderActorEnum = builder.enumType('OrderActor', {
  description: 'Who made a change of an order',
  values: upperCased(ORDER_ACTORS, ACTOR_DESCRIPTIONS),
});

const KIND_DESCRIPTIONS: Record<OrderChangeKind, string> = {
  created: 'the order was created, pending its payment',
  paid: 'its payment was made: it waits for an operator (paid after a cancel: refunded, the reason says so)',
  assigned: 'an operator took it, accepting its offer or assigned by the platform',
  progressed: 'its operator moved it on a step, which pendingStatus names',
  paused: 'the platform paused it',
  resumed: 'the platform resumed it where it was',
  finished: 'its operator finished the service',
  cancelled: 'it was cancelled: by its owner, the platform, or a timer (its payment link expired, or nobody took it)',
  closed: 'it was closed, by the platform or a day after it finished',
  refunded: "its payment was given back: the refund of a cancelled paid order, which changes no state and is the payment provider's",
};

const OrderChangeKindEnum = builder.enumType('OrderChangeKind', {
  description: 'What a change of an order was',
  values: upperCased(ORDER_CHANGE_KINDS, KIND_DESCRIPTIONS),
});

const OrderChangeRef = builder.objectRef<OrderChange>('OrderChange').implement({
  description: "One change of an order: what it was, its state after it, when, who made it, and why when that was given",
  fields: (t) => ({
    kind: t.expose('kind', { type: OrderChangeKindEnum }),
    at: t.string({ resolve: (change) => change.at.toISOString() }),
    status: t.expose('status', { type: OrderStatusEnum }),
    pendingStatus: t.expose('pendingStatus', { type: PendingStatusEnum, nullable: true }),
    actor: t.expose('actor', { type: OrderActorEnum }),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

builder.objectField(OrderRef, 'history', (t) =>
  t.field({
    type: [OrderChangeRef],
    description: "The order's creation and every change after it, oldest first (an operator's moves are not changes)",
    resolve: (view, _args, { orders }) => orders.history(view[ORDER]),
  }),
);
