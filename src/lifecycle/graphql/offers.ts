import { requireOperator } from '../../platform/tokens/forbidden.js';
import type { OfferedOrder } from '../domain/order-life.js';
import { toOrderView } from '../../orders/order-view.js';
import { builder } from '../../graphql/builder.js';
import { CHANGE_ERRORS } from './lifecycle-errors.js';
import { OrderRef } from '../../orders/graphql/order.js';

// The operators' app: the orders offered to the operator the token acts as (scope `operator`,
// claim `operator_id`), and its answer to each.

const OfferRef = builder.objectRef<OfferedOrder>('Offer').implement({
  description: 'An order offered to this operator, waiting for its answer until expiresAt',
  fields: (t) => ({
    order: t.field({ type: OrderRef, resolve: (offer) => toOrderView(offer.order) }),
    expiresAt: t.string({ resolve: (offer) => offer.expiresAt.toISOString() }),
  }),
});

builder.queryField('myOffers', (t) =>
  t.field({
    type: [OfferRef],
    description: "The offers waiting for this operator's answer, oldest first. Needs an operator token",
    resolve: (_root, _args, { caller, life }) => life.offersOf(requireOperator(caller)),
  }),
);

builder.mutationField('acceptOffer', (t) =>
  t.field({
    type: OrderRef,
    description: 'Takes the order offered to this operator: it becomes its partner. Needs an operator token',
    args: { orderId: t.arg.id({ required: true }) },
    errors: {
      types: CHANGE_ERRORS.accept,
      union: { name: 'AcceptOfferResult' },
      result: { name: 'AcceptOfferSuccess' },
      dataField: { name: 'order' },
    },
    resolve: async (_root, { orderId }, { caller, life }) => toOrderView(await life.acceptOffer(requireOperator(caller), orderId)),
  }),
);

builder.mutationField('declineOffer', (t) =>
  t.field({
    type: 'ID',
    description: 'Turns the offer down: the order is offered to the next nearest operator. Needs an operator token',
    args: { orderId: t.arg.id({ required: true }) },
    errors: {
      types: CHANGE_ERRORS.decline,
      union: { name: 'DeclineOfferResult' },
      result: { name: 'DeclineOfferSuccess' },
      dataField: { name: 'orderId' },
    },
    resolve: async (_root, { orderId }, { caller, life }) => String(await life.declineOffer(requireOperator(caller), orderId)),
  }),
);
