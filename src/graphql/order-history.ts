import { ORDER_ACTORS, type OrderActor, type OrderChange } from '../core/orders/order.js';
import { ORDER } from '../order-view.js';
import { builder } from './builder.js';
import { OrderStatusEnum, PendingStatusEnum } from './enums.js';
import { OrderRef } from './order.js';

const ACTOR_DESCRIPTIONS: Record<OrderActor, string> = {
  owner: "the order's client",
  operator: 'the operator assigned to it, or offered it',
  platform: 'the platform, through its own operations',
  timer: "one of the service's timers (an offer that expired, an order left without a taker, the close of a finished order)",
  payment: 'the payment provider (a payment, an expiry, a refund)',
};

// The GraphQL names are the stored values upper-cased.
const OrderActorEnum = builder.enumType('OrderActor', {
  description: 'Who made a change of an order',
  values: Object.fromEntries(ORDER_ACTORS.map((a) => [a.toUpperCase(), { value: a, description: ACTOR_DESCRIPTIONS[a] }])) as Record<
    Uppercase<OrderActor>,
    { value: OrderActor; description: string }
  >,
});

const OrderChangeRef = builder.objectRef<OrderChange>('OrderChange').implement({
  description: "One change of an order: its state after it, when, who made it, and why when that was given",
  fields: (t) => ({
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
